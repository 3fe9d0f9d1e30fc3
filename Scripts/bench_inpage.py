"""In-page workloads for `make bench`, run on webnav and on its peers (jsdom, headless Chromium).

Each workload is one page written twice: with its work (`count` > 0) and as its baseline (the same
page, the same scripts loaded, no work). What a figure says is the workload minus its baseline, so
process start, parsing and the libraries' own load cancel out. Every page ends by writing
`done …` into `#result`; a run whose result is not that is an error, never a figure.
"""
import os
import re
import shutil
import subprocess
import tempfile
import time

JQUERY = "/usr/share/javascript/jquery/jquery.min.js"
VUE = "/usr/share/javascript/vue/vue.min.js"
JSDOM = "/usr/share/nodejs/jsdom"

# The selector of the querySelectorAll workload: descendant, child and sibling combinators, an
# id, classes, an attribute test and pseudo-classes, over 5,000 elements.
COMPLEX_SELECTOR = '#app section.list > ul.group li.item:not(.hidden) > a[href$="7"]'


def selector_tree():
    """5,000 elements: 250 lists of 4 items, each item a link with two inline children."""
    groups = []
    for group in range(250):
        items = []
        for item in range(4):
            number = group * 4 + item
            hidden = " hidden" if number % 9 == 0 else ""
            items.append('<li class="item i%d%s" data-n="%d"><a href="/p/%d">Item <b>%d</b> <em>new</em></a></li>'
                         % (item, hidden, number, number, number))
        groups.append('<ul class="group g%d">%s</ul>' % (group % 5, "".join(items)))
    # 250 ul + 1,000 x (li, a, b, em) = 4,250, plus 750 spans around the lists.
    spans = "".join('<span class="s%d"></span>' % (n % 3) for n in range(747))
    return '<div id="app"><section class="list">%s</section><aside>%s</aside></div>' % ("".join(groups), spans)


def page(title, body, scripts, work, count):
    """A page whose inline script runs `work` (a function body using `count`) and reports done."""
    libraries = "".join('<script src="%s"></script>' % script for script in scripts)
    return ("<!DOCTYPE html><html><head><meta charset=utf-8><title>%s</title>%s</head><body><p id=result>running</p>%s\n"
            "<script>\nvar count = %d, started = performance.now();\n%s\n</script></body></html>\n" % (title, libraries, body, count, work))


def finish(expression):
    return ('document.getElementById("result").textContent = "done " + (%s) + " in " + (performance.now() - started).toFixed(1) + " ms";'
            % expression)


WORKLOADS = [
    {
        "name": "querySelectorAll",
        "title": "10,000 querySelectorAll (complex selector, 5,000 elements)",
        "count": 10000,
        "instruction_count": 200,
        "goals": {"chromium": 2.0, "jsdom": 0.5},
        "body": selector_tree(),
        "scripts": [],
        "work": "var found = 0;\nfor (var i = 0; i < count; i++) found += document.querySelectorAll('%s').length;\n%s"
                % (COMPLEX_SELECTOR, finish("found")),
    },
    {
        "name": "querySelectorAll, changed",
        "title": "10,000 querySelectorAll with a DOM change before each (no cache can answer)",
        "count": 10000,
        "instruction_count": 200,
        "goals": {"chromium": 2.0, "jsdom": 0.5},
        "body": selector_tree(),
        "scripts": [],
        "work": "var found = 0, aside = document.querySelector('aside');\n"
                "for (var i = 0; i < count; i++) { aside.setAttribute('data-i', i); found += document.querySelectorAll('%s').length; }\n%s"
                % (COMPLEX_SELECTOR, finish("found")),
    },
    {
        "name": "querySelector",
        "title": "10,000 querySelector (the last element matches)",
        "count": 10000,
        "instruction_count": 200,
        "goals": {"chromium": 2.0, "jsdom": 0.5},
        "body": selector_tree(),
        "scripts": [],
        "work": "var found = 0;\nfor (var i = 0; i < count; i++) if (document.querySelector('aside > span.s2:last-child')) found++;\n%s"
                % finish("found"),
    },
    {
        "name": "matches",
        "title": "10,000 matches (2 passes over 5,000 elements)",
        "count": 2,
        "instruction_count": 1,
        "goals": {"chromium": 2.0, "jsdom": 0.5},
        "body": selector_tree(),
        "scripts": [],
        "work": "var all = document.getElementsByTagName('*'), list = [], found = 0;\n"
                "for (var k = 0; k < all.length; k++) list.push(all[k]);\n"
                "for (var i = 0; i < count; i++) for (var j = 0; j < list.length; j++) if (list[j].matches('%s')) found++;\n%s"
                % (COMPLEX_SELECTOR, finish("found")),
    },
    {
        "name": "closest",
        "title": "10,000 closest (from each link's inline children)",
        "count": 5,
        "instruction_count": 1,
        "goals": {"chromium": 2.0, "jsdom": 0.5},
        "body": selector_tree(),
        "scripts": [],
        "work": "var leaves = Array.prototype.slice.call(document.querySelectorAll('a > *')), found = 0;\n"
                "for (var i = 0; i < count; i++) for (var j = 0; j < leaves.length; j++) if (leaves[j].closest('ul.g3 > li')) found++;\n%s"
                % finish("found"),
    },
    {
        "name": "jQuery rows",
        "instruction_count": 1,
        "goals": {"jsdom": 0.7},
        "title": "jQuery: 1,000 rows then 100 class filters",
        "count": 1,
        "body": '<table id="rows"><tbody></tbody></table>',
        "scripts": ["jquery.min.js"],
        "work": "$(function () {\n  var found = 0;\n  if (count) {\n"
                "    var body = $('#rows tbody');\n"
                "    for (var i = 0; i < 1000; i++) body.append($('<tr>').addClass('row r' + (i % 10))"
                ".append($('<td>').text('Row ' + i)).append($('<td>').text(i * 3)));\n"
                "    for (var k = 0; k < 100; k++) { var hits = $('#rows tr').filter('.r' + (k % 10)); hits.toggleClass('hit'); found += hits.length; }\n"
                "  }\n  " + finish("found") + "\n});",
    },
    {
        "name": "Vue list",
        "instruction_count": 1,
        "goals": {"jsdom": 0.7},
        "title": "Vue 2: v-for of 1,000 items then an update",
        "count": 1,
        "body": '<div id="vue"><ul><li v-for="item in items" :key="item.id" :class="{even: item.id % 2 === 0}">'
                '{{ item.label }} <b>{{ item.id }}</b></li></ul></div>',
        "scripts": ["vue.min.js"],
        "work": "var items = [];\nfor (var i = 0; i < (count ? 1000 : 0); i++) items.push({id: i, label: 'Item ' + i});\n"
                "var vm = new Vue({el: '#vue', data: {items: items}});\n"
                "vm.items.forEach(function (item) { item.label = 'Changed ' + item.id; });\n"
                "vm.$nextTick(function () { " + finish("document.querySelectorAll('#vue li').length") + " });",
    },
    {
        "name": "jQuery innerHTML",
        "instruction_count": 1,
        "goals": {"jsdom": 0.7},
        "title": "jQuery ready, 1 MB innerHTML",
        "count": 1,
        "body": '<div id="target"></div>',
        "scripts": ["jquery.min.js"],
        "work": "$(function () {\n  var rows = [];\n  for (var i = 0; i < (count ? 9000 : 0); i++) "
                "rows.push('<div class=\"row\"><a href=\"/r' + i + '\">Row number ' + i + '</a> <span>text ' + i + '</span></div>');\n"
                "  $('#target').html(rows.join(''));\n  " + finish("$('#target a').length") + "\n});",
    },
]


def write_workload(folder, workload, count):
    """The page of a workload (count 0: its baseline) with its libraries beside it; its path."""
    for script in workload["scripts"]:
        source = {"jquery.min.js": JQUERY, "vue.min.js": VUE}[script]
        target = os.path.join(folder, script)
        if not os.path.exists(target):
            shutil.copyfile(source, target)
    name = "%s-%s.html" % (workload["name"].replace(" ", "-").replace(",", ""), "work" if count else "base")
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as out:
        out.write(page(workload["title"], workload["body"], workload["scripts"], workload["work"], count))
    return path


JSDOM_RUNNER = r"""
const path = require("path");
const { JSDOM, VirtualConsole } = require(process.argv[2]);
const file = path.resolve(process.argv[3]);
const virtualConsole = new VirtualConsole();
virtualConsole.on("jsdomError", (error) => { console.error(String(error && error.stack || error)); process.exit(3); });
JSDOM.fromFile(file, { runScripts: "dangerously", resources: "usable", virtualConsole }).then((dom) => {
  const started = Date.now();
  const poll = () => {
    const result = dom.window.document.getElementById("result");
    const text = result ? result.textContent : "";
    if (text.startsWith("done")) { console.log(text); dom.window.close(); return; }
    if (Date.now() - started > 600000) { console.error("timed out: " + text); process.exit(4); }
    setTimeout(poll, 1);
  };
  dom.window.addEventListener("load", () => setTimeout(poll, 0));
});
"""


class Engines:
    """The engines a workload runs on: webnav (a flow opening the page, the default script time
    limit of 2 s), jsdom (node, scripts and resources on) and headless Chromium (one process,
    so that the renderer's CPU time is the process's)."""

    def __init__(self, webnav, folder):
        self.webnav = webnav
        self.folder = folder
        self.runner = os.path.join(folder, "jsdom-runner.js")
        with open(self.runner, "w") as out:
            out.write(JSDOM_RUNNER)
        self.chromium = shutil.which("chromium")
        self.jsdom = shutil.which("node") is not None and os.path.exists(os.path.join(JSDOM, "package.json"))
        self.profile = os.path.join(folder, "webnav.json")
        with open(self.profile, "w") as out:
            out.write('{"pages": "."}\n')
        # Under valgrind every script runs tens of times slower: the time limit would stop them.
        self.patient_profile = os.path.join(folder, "webnav-valgrind.json")
        with open(self.patient_profile, "w") as out:
            out.write('{"pages": ".", "scriptTimeLimitMs": 3600000}\n')

    def available(self, engine):
        return {"webnav": True, "jsdom": self.jsdom, "chromium": self.chromium is not None}[engine]

    def missing(self, engine):
        return {"jsdom": "node-jsdom is not installed (apt-get install node-jsdom)",
                "chromium": "chromium is not installed (apt-get install chromium)"}.get(engine, "")

    def command(self, engine, path, patient=False):
        if engine == "webnav":
            flow = path + ".flow"
            with open(flow, "w") as out:
                out.write('open "%s"\nexpect text "done"\nsnapshot\n' % os.path.basename(path))
            return [self.webnav, "run", flow, "--profile", self.patient_profile if patient else self.profile]
        if engine == "jsdom":
            return ["node", self.runner, JSDOM, path]
        return [self.chromium, "--headless", "--single-process", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--user-data-dir=" + os.path.join(self.folder, "chromium-profile"), "--dump-dom", "file://" + path]

    def environment(self):
        return dict(os.environ, NODE_PATH=os.path.dirname(JSDOM))

    def run(self, engine, path):
        """CPU seconds (user + system of the process and the children it waited for), wall
        seconds, and the page's result."""
        with tempfile.TemporaryFile("w+") as output, tempfile.TemporaryFile("w+") as errors:
            start = time.perf_counter()
            child = subprocess.Popen(self.command(engine, path), cwd=self.folder, stdout=output, stderr=errors,
                                     env=self.environment())
            _, status, usage = os.wait4(child.pid, 0)
            wall = time.perf_counter() - start
            code = os.waitstatus_to_exitcode(status)
            child.returncode = code
            output.seek(0)
            errors.seek(0)
            text, problems = output.read(), errors.read()
        result = result_of(text)
        if code != 0 or result is None:
            raise RuntimeError("exit %d: %s" % (code, last_words(problems.strip() or text.strip())))
        return usage.ru_utime + usage.ru_stime, wall, result

    def instructions(self, engine, path):
        """Instructions of one run under callgrind (JIT code included), and the page's result."""
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + self.command(engine, path, patient=True)
        done = subprocess.run(command, cwd=self.folder, capture_output=True, text=True, env=self.environment())
        result = result_of(done.stdout)
        if done.returncode != 0 or result is None:
            raise RuntimeError("under valgrind, exit %d: %s" % (done.returncode, last_words(done.stdout + done.stderr)))
        for line in done.stderr.splitlines():
            if "refs:" in line:
                return int(line.split("refs:")[1].strip().replace(",", "")), result
        raise RuntimeError("valgrind printed no count")


def result_of(output):
    """The page's result: the number after `done`, and the in-page milliseconds (`None` when absent)."""
    match = re.search(r"done (\d+) in ([0-9.]+) ms", output)
    return (int(match.group(1)), float(match.group(2))) if match else None


def last_words(text):
    lines = [line.strip(" │┃") for line in text.strip().splitlines() if line.strip(" │┃")]
    return " / ".join(lines[-3:])[-300:]


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def bench(webnav, runs=3):
    """Every workload on webnav and on the peers its goals name, printed with the goals; True
    when all are met, False when one is missed, None when a peer could not run."""
    print("== in page: DOM and selector work in a page, beside jsdom and headless Chromium (workload minus its baseline page)")
    print("   time: CPU seconds of the process (user + system), median of %d runs, engines interleaved; the machine is shared" % runs)
    print("   and loaded, so wall clock is shown only as measured. Instructions: callgrind, of the work done 'instruction_count' times")
    folder = tempfile.mkdtemp(prefix="webnav-bench-inpage-")
    engines = Engines(webnav, folder)
    met, unmeasured = True, False
    try:
        for workload in WORKLOADS:
            print("-- %s" % workload["title"])
            peers = list(workload["goals"])
            base = write_workload(folder, workload, 0)
            work = write_workload(folder, workload, workload["count"])
            times = {}
            failures = {}
            results = {}
            for _ in range(runs):
                for engine in ["webnav"] + [peer for peer in peers if peer == "chromium"]:
                    if engine in failures or not engines.available(engine):
                        continue
                    try:
                        base_cpu, base_wall, _ = engines.run(engine, base)
                        cpu, wall, result = engines.run(engine, work)
                    except RuntimeError as error:
                        failures[engine] = str(error)
                        continue
                    times.setdefault(engine, []).append((cpu - base_cpu, wall - base_wall, result[1]))
                    results[engine] = result[0]
            for engine in ["webnav"] + [peer for peer in peers if peer == "chromium"]:
                if engine in failures:
                    print("   %-8s failed: %s" % (engine, failures[engine]))
                elif engine in times:
                    cpu = median([t[0] for t in times[engine]])
                    wall = median([t[1] for t in times[engine]])
                    in_page = median([t[2] for t in times[engine]])
                    extra = "; in-page clock %.0f ms" % in_page if engine == "chromium" else ""
                    print("   %-8s CPU %8.3f s   wall %8.3f s%s   (result %d)" % (engine, cpu, wall, extra, results[engine]))
            if "webnav" in failures:
                met = False
            instruction_count = workload["instruction_count"]
            counts = {}
            if shutil.which("valgrind") is None:
                print("   instructions: not measured (valgrind missing)")
                unmeasured = True
            else:
                small = dict(workload, count=instruction_count)
                small_base = write_workload(folder, small, 0)
                small_work = write_workload(folder, small, instruction_count)
                for engine in ["webnav"] + [peer for peer in peers if peer == "jsdom"]:
                    if not engines.available(engine):
                        continue
                    try:
                        total, result = engines.instructions(engine, small_work)
                        baseline, _ = engines.instructions(engine, small_base)
                        counts[engine] = (total - baseline, result[0])
                    except RuntimeError as error:
                        print("   %-8s instructions failed: %s" % (engine, error))
                        if engine == "webnav":
                            met = False
                for engine, (count, result) in counts.items():
                    print("   %-8s %8.0f M instructions for the work done %d time%s (result %d)"
                          % (engine, count / 1e6, instruction_count, "" if instruction_count == 1 else "s", result))
            for peer, goal in workload["goals"].items():
                if not engines.available(peer):
                    print("   goal <= %.1f x %s: not measured (%s)" % (goal, peer, engines.missing(peer)))
                    unmeasured = True
                    continue
                if peer == "chromium":
                    if "webnav" not in times or "chromium" not in times:
                        print("   goal <= %.1f x Chromium's CPU time: not measured (a run failed)" % goal)
                        met = met and "webnav" in times
                        unmeasured = True
                        continue
                    ours = median([t[0] for t in times["webnav"]])
                    theirs = median([t[0] for t in times["chromium"]])
                    ratio = ours / max(theirs, 1e-3)
                    print("   goal <= %.1f x Chromium's CPU time: %.2f x   %s" % (goal, ratio, "ok" if ratio <= goal else "MISSED"))
                    met = met and ratio <= goal
                else:
                    if "webnav" not in counts or "jsdom" not in counts:
                        print("   goal <= %.1f x jsdom's instructions: not measured (a run failed)" % goal)
                        met = met and "webnav" in counts
                        unmeasured = True
                        continue
                    ratio = counts["webnav"][0] / max(counts["jsdom"][0], 1)
                    print("   goal <= %.1f x jsdom's instructions: %.2f x   %s" % (goal, ratio, "ok" if ratio <= goal else "MISSED"))
                    met = met and ratio <= goal
            small_results = {engine: result for engine, (_, result) in counts.items()}
            for compared in (results, small_results):
                if len(set(compared.values())) > 1:
                    print("   the engines disagree on the result: %s   MISSED" % compared)
                    met = False
    finally:
        shutil.rmtree(folder)
    return None if unmeasured and met else met
