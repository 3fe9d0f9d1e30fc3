// Seed 001's native handler (WKScriptMessageHandlerWithReply): a string comes back upper-cased,
// "check" is answered "success", and anything else (the page's array) fails, as the Swift
// handler's `guard let text = message.body as? String` does.
var answered = 0;
(function (body, app, message) {
    if (typeof body !== "string") throw "oops! something wrong";
    answered += 1;
    if (body === "check") return "success";
    return body.toUpperCase();
})
