#!/usr/bin/env python3
"""Reads a JSON list of HTML documents on stdin and writes a JSON list of their trees, as parsed
by html5lib (Debian's python3-html5lib), in html5lib's test format without DOCTYPE lines, for
the differential tests of webnav's parser."""
import json
import sys

import html5lib


def tree(source):
    parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("dom"), namespaceHTMLElements=False)
    document = parser.parse(source)
    # The DOM builder writes "#document", then each node one level deeper than webnav does.
    lines = parser.tree.testSerializer(document).split("\n")[1:]
    kept = []
    for line in lines:
        if not line.startswith("|  "):
            # The rest of a text with line breaks.
            kept.append(line)
            continue
        line = "|" + line[3:]
        if line.startswith("|<!DOCTYPE"):
            continue
        # Attributes in the XLink, XML and XMLNS namespaces are written "xlink href"; webnav keeps
        # their qualified names ("xlink:href").
        stripped = line.lstrip("| ")
        for prefix in ("xlink", "xml", "xmlns"):
            if stripped.startswith(prefix + " "):
                line = line.replace(prefix + " ", prefix + ":", 1)
        kept.append(line)
    return "\n".join(kept)


def main():
    documents = json.load(sys.stdin)
    json.dump([tree(source) for source in documents], sys.stdout)


if __name__ == "__main__":
    main()
