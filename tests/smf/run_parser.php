<?php
// SMF 2.1's own parser on gmtool's posts (tests/test_smf_posts.py): a JSON list of posts on
// stdin goes the way Post2 (Sources/Post.php) sends a new post — $smcFunc['htmlspecialchars']
// with ENT_QUOTES, then preparsecode (what is stored) — and is shown as Display.php shows it,
// parse_bbc with smileys on (no smiley set: smileys need the database); a JSON list of
// {"stored", "html"} is printed.  A fresh install's settings; a member who may use every tag.
// SMF's Sources are not part of gmtool: give their folder in SMF_SOURCES (a checkout of
// github.com/SimpleMachines/SMF, branch release-2.1).  Needs php-cli and php-mbstring.
define('SMF', 1);
define('SMF_VERSION', '2.1');
define('POSTGRE_TITLE', 'PostgreSQL');
define('MYSQL_TITLE', 'MySQL');
$sourcedir = getenv('SMF_SOURCES');
$boarddir = dirname($sourcedir);
$scripturl = 'https://forum.example/index.php';
$boardurl = 'https://forum.example';
$cache_enable = 0;
$db_show_debug = false;
$context = array('legacy_bbc' => array('acronym','bdo','black','blue','flash','ftp','glow','green','move','red','shadow','tt','white'), 'restricted_bbc' => array('html'), 'utf8' => true, 'character_set' => 'UTF-8', 'browser' => array(), 'user' => array('is_guest' => false));
$modSettings = array(
  'enableBBC' => '1', 'autoLinkUrls' => '1', 'enablePostHTML' => '0', 'max_messageLength' => '20000',
  'global_character_set' => 'UTF-8', 'disabledBBC' => '', 'smiley_enable' => '0', 'smileys_url' => '',
  'tld_regex' => '', 'time_offset' => 0, 'default_timezone' => 'UTC', 'integrate_pre_parsebbc' => '',
  'image_proxy_enabled' => 0, 'force_ssl' => 0, 'cache_enable' => 0, 'attachmentEnable' => 0,
);
$user_info = array('name' => 'moderator', 'id' => 1, 'is_admin' => true, 'is_guest' => false, 'time_offset' => 0,
  'smiley_set' => 'none', 'language' => 'english', 'timezone' => 'UTC', 'permissions' => array());
$txt = array('lang_character_set' => 'UTF-8', 'lang_locale' => 'en_US', 'code' => 'Code', 'code_select' => 'Select',
  'quote' => 'Quote', 'quote_from' => 'Quote from', 'search_on' => 'on', 'spoiler' => 'Spoiler', 'ok' => 'OK',
  'debug_hide' => 'hide', 'debug_show' => 'show', 'code_expand' => 'expand', 'code_shrink' => 'shrink',
  'youtube' => 'YouTube', 'flash_not_supported' => '', 'quote_noauthor' => 'Quote', 'lang_rtl' => false, 'posted_by' => 'Posted by',
  'lang_dictionary' => 'en', 'lang_spelling' => 'en', 'code_download' => 'Download');
function allowedTo($p) { return true; }
function cache_get_data($k, $t = 0) { return null; }
function cache_put_data($k, $v, $t = 0) {}
function loadLanguage($x) { return 'english'; }
function log_error($m) { fwrite(STDERR, "log_error: $m\n"); }
require_once($sourcedir . '/Subs.php');
require_once($sourcedir . '/Subs-Post.php');
require_once($sourcedir . '/Subs-Charset.php');
$utf8 = true;
$ent_list = '&(?:#\d{1,7}|quot|amp|lt|gt|nbsp);';
$ent_check = function($string) { return preg_replace_callback('~(&#(\d{1,7}|x[0-9a-fA-F]{1,6});)~', 'entity_fix__callback', (string) $string); };
$smcFunc = array();
$smcFunc['normalize'] = function($s, $form = 'c') { $f = 'utf8_normalize_' . strtolower($form); return $f((string) $s); };
$smcFunc['fix_utf8mb4'] = function($s) { return $s; };
$smcFunc['htmlspecialchars'] = function($s, $q = ENT_COMPAT, $c = 'UTF-8') use ($ent_check, &$smcFunc) {
  $s = $smcFunc['normalize']($s); return $ent_check(htmlspecialchars($s, $q, 'UTF-8')); };
$smcFunc['htmltrim'] = function($s) { return trim($s); };
$smcFunc['strlen'] = function($s) use ($ent_list, $ent_check) { return strlen(preg_replace('~' . $ent_list . '|.~u', '_', $ent_check($s))); };
$smcFunc['strtolower'] = function($s) { return mb_strtolower($s, 'UTF-8'); };
$smcFunc['strtoupper'] = function($s) { return mb_strtoupper($s, 'UTF-8'); };
$smcFunc['substr'] = function($s, $a, $l = null) { return mb_substr($s, $a, $l, 'UTF-8'); };
$smcFunc['strpos'] = function($h, $n, $o = 0) { return mb_strpos($h, $n, $o, 'UTF-8'); };
$smcFunc['truncate'] = function($s, $l) { return mb_substr($s, 0, $l, 'UTF-8'); };
$smcFunc['json_encode'] = 'json_encode';
$smcFunc['json_decode'] = 'smf_json_decode';
$smcFunc['db_query'] = function() { return false; };
$smcFunc['db_insert'] = function() { return false; };
$posts = json_decode(stream_get_contents(STDIN), true);
$out = array();
foreach ($posts as $p) {
  $m = $smcFunc['htmlspecialchars']($p, ENT_QUOTES);
  preparsecode($m);
  $out[] = array('stored' => $m, 'html' => parse_bbc($m, true));
}
echo json_encode($out, JSON_UNESCAPED_UNICODE | JSON_PRETTY_PRINT);
