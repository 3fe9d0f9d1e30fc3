// Seed 000's app://downloadFile: read window.result (a data: URL made by FileReader) from the
// page and save it as the app's decidePolicyFor does.
(function (url, app) {
    return app.evaluate("window.result").then(function (result) {
        var name = new URLSearchParams(url.split("?")[1] || "").get("name") || "download.txt";
        app.saveDownload({data: result, name: name});
    });
})
