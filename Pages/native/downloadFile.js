// Seed 000's app://downloadFile: read window.result (a data: URL made by FileReader) from the
// page and save it, as the app's decidePolicyFor does. (The native context is bare
// JavaScriptCore: no URL or URLSearchParams, as in a JSContext.)
(function (url, app) {
    var match = /[?&]name=([^&#]*)/.exec(url);
    var name = match ? decodeURIComponent(match[1]) : "download.txt";
    return app.evaluate("window.result").then(function (result) {
        app.saveDownload({data: result, name: name});
    });
})
