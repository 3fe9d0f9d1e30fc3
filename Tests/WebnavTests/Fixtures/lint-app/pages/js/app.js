/* Loaded by index.html: navigations resolve against the page, findings are placed here. */
function go() {
  window.open("mkwebview://webview?url=opened.html&leftBtn=ture");
  // webnav-lint: ignore suspicious-bool: twin
  window.open("mkwebview://webview?url=opened.html&leftBtn=ture");
  location.assign('gone-from-script.html');
  location.replace('gone-from-script.html'); // webnav-lint: ignore missing-page: twin
  return "tel:010" + "sms:020";
}
var link = 'sms:030';
