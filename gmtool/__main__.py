"""``python -m gmtool`` runs the command-line interface."""

from gmtool.cli import main

if __name__ == "__main__":
    main()
