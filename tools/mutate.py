#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Mutation check: does a fast test fail when one line at a critical place is wrong?

Each mutation in the list (tests/mutations.txt) replaces one piece of text in one source file
(matched exactly, except that a run of white space matches any run, line breaks included). For each, this tool:
  1. writes the mutated file into a scratch copy of the sources (BUILD/mutate/tree);
  2. recompiles, from that copy, only the objects of the named tests' programs whose recorded
     header dependencies (ninja's deps log) include the file, with the build's own compile
     commands (ccache-launched, precompiled headers dropped so that a mutated header is seen);
  3. relinks those programs into BUILD/mutate/bin with the build's own link commands, the new
     objects placed ahead of the static libraries (so the archives' originals are not pulled in);
  4. runs the named tests (ctest's own command lines, environment and folders, each program
     replaced by its relinked copy), stopping at the first that fails.
A mutation is `killed` when a test fails or runs past its time limit, `SURVIVED` when every test
passes. A list entry whose text is not found exactly once, or whose mutant does not build, is an
`ERROR`: the list has gone stale. Exit status 0 only when every selected mutation was killed.

The build folder must be a complete, configured Ninja build (make build); the tests are first run
unmutated (the baseline), so that a test failing for another reason cannot pass for a kill.
"""
import argparse
import configparser
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SOURCE_FOLDERS = ("src", "apps", "tests", "bench", "fuzz")


class Mutation:
    """One named, one-place change and the tests that must notice it."""

    def __init__(self, name, section):
        self.name = name
        self.file = section["file"]
        self.find = section["find"]
        self.replace = section.get("replace", "")
        self.why = section.get("why", "")
        self.quick = section.get("quick", "no").lower() in ("yes", "true", "1")
        # Seconds a test may run: a mutant that waits forever is killed when it runs past this.
        self.limit = float(section["limit"]) if "limit" in section else None
        # `test` or `test:GTestFilter`, space-separated.
        self.tests = [t.split(":", 1) if ":" in t else [t, None] for t in section["tests"].split()]


def read_mutations(path):
    parser = configparser.ConfigParser(delimiters=("=",), interpolation=None, comment_prefixes=("#",))
    parser.optionxform = str
    parser.read(path)
    return [Mutation(name, parser[name]) for name in parser.sections()]


def run(command, cwd, timeout=None, env=None):
    """Runs `command` (a shell line when a string), its output captured. Past `timeout`, kills its
    whole process group (a test script's daemons too) and raises subprocess.TimeoutExpired."""
    with subprocess.Popen(command, cwd=cwd, shell=isinstance(command, str), env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          start_new_session=True) as process:
        try:
            output, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            raise
        return subprocess.CompletedProcess(command, process.returncode, output)


class Build:
    """What the Ninja build folder knows: its tests, each program's compile and link commands,
    and each object's header dependencies."""

    def __init__(self, root, build):
        self.root, self.build = root, build
        # The deps log and the objects must be those of the sources: a stale build would be
        # relinked with old objects.
        if "no work to do" not in run(["ninja", "-n"], cwd=build).stdout:
            sys.exit(f"mutate: {build} is not up to date with the sources: build it first (make build)")
        listing = run(["ctest", "--show-only=json-v1"], cwd=build)
        if listing.returncode != 0:
            sys.exit(f"mutate: ctest --show-only failed in {build}:\n{listing.stdout}")
        self.tests = {t["name"]: t for t in json.loads(listing.stdout)["tests"]}
        self.targets = set(run(["ninja", "-t", "targets", "all"], cwd=build).stdout.split())
        self.targets = {t.rstrip(":") for t in self.targets}
        self._deps = None
        self._programs = {}

    def deps(self):
        """object (relative to the build folder) -> the files its compilation read."""
        if self._deps is None:
            self._deps, current = {}, None
            for line in run(["ninja", "-t", "deps"], cwd=self.build).stdout.splitlines():
                if line and not line[0].isspace():
                    current = line.split(":", 1)[0]
                    self._deps[current] = set()
                elif line.strip() and current is not None:
                    self._deps[current].add(os.path.normpath(os.path.join(self.build, line.strip())))
        return self._deps

    def program(self, relative):
        """(compile commands by object, link command) of the program `relative`."""
        if relative not in self._programs:
            lines = run(["ninja", "-t", "commands", relative], cwd=self.build).stdout.splitlines()
            compiles = {}
            for line in lines:
                m = re.search(r" -o (\S+) -c (\S+)", line)
                if m and "-x c++-header" not in line:
                    compiles[m.group(1)] = line
            self._programs[relative] = (compiles, lines[-1])
        return self._programs[relative]


def scratch_paths(command, root, tree):
    """`command` reading the scratch tree's sources instead of the checkout's."""
    pattern = re.escape(root) + r"/(" + "|".join(SOURCE_FOLDERS) + r")(?=[/\s\"']|$)"
    return re.sub(pattern, lambda m: f"{tree}/{m.group(1)}", command)


def compile_mutant(build, command, obj, scratch):
    out = scratch / "obj" / obj
    out.parent.mkdir(parents=True, exist_ok=True)
    cmd = re.sub(r" -MD -MT \S+ -MF \S+", "", command)
    cmd = re.sub(r" -Winvalid-pch", "", cmd)
    cmd = re.sub(r" -include \S+cmake_pch\.hxx", "", cmd)
    cmd = cmd.replace(f" -o {obj} ", f" -o {out} ")
    cmd = scratch_paths(cmd, str(build.root), str(scratch / "tree"))
    result = run(cmd, cwd=build.build)
    return out, result


def link_mutant(build, link, program, objects, scratch):
    out = scratch / "bin" / program
    out.parent.mkdir(parents=True, exist_ok=True)
    cmd = link
    extra = []
    for obj, new in objects.items():
        if f" {obj} " in cmd:
            cmd = cmd.replace(f" {obj} ", f" {new} ")
        else:
            extra.append(str(new))
    cmd = cmd.replace(f" -o {program} ", " " + " ".join(extra) + f" -o {out} ", 1)
    return out, run(cmd, cwd=build.build)


def test_command(build, name, test_filter, programs):
    """ctest's command line, folder and environment for `name`, with `programs` substituted."""
    test = build.tests[name]
    command = [str(programs.get(arg, arg)) for arg in test["command"]]
    if test_filter:
        command.append(f"--gtest_filter={test_filter}")
    props = {p["name"]: p["value"] for p in test.get("properties", [])}
    env = dict(os.environ)
    for assignment in props.get("ENVIRONMENT", []):
        key, _, value = assignment.partition("=")
        env[key] = value
    if test_filter:
        env.pop("GTEST_FILTER", None)
    cwd = props.get("WORKING_DIRECTORY", str(build.build))
    timeout = float(props.get("TIMEOUT", 600))
    return command, cwd, env, timeout


def run_test(build, name, test_filter, programs, limit):
    command, cwd, env, timeout = test_command(build, name, test_filter, programs)
    try:
        result = run(command, cwd=cwd, env=env, timeout=min(timeout, limit))
        return result.returncode, result.stdout
    except subprocess.TimeoutExpired:
        return "timeout", ""


def test_programs(build, name):
    """The build's programs that test `name` runs (its command's arguments that are targets)."""
    found = []
    for arg in build.tests[name]["command"]:
        if arg.startswith(str(build.build) + "/"):
            relative = os.path.relpath(arg, build.build)
            if relative in build.targets:
                found.append(relative)
    return found


def check_mutation(build, m, scratch, jobs, limit, verbose):
    source = build.root / m.file
    mutant = scratch / "tree" / m.file  # the snapshot taken at the start
    text = mutant.read_text()
    # Runs of white space in `find` match any run (a line break and indentation included).
    pattern = re.compile(r"\s+".join(re.escape(word) for word in m.find.split()))
    found = list(pattern.finditer(text))
    if len(found) != 1:
        return "ERROR", f"text found {len(found)} times in {m.file}, not once"
    mutant.write_text(text[:found[0].start()] + m.replace + text[found[0].end():])
    try:
        target = os.path.normpath(str(source))
        programs = {}
        for name, _ in m.tests:
            for program in test_programs(build, name):
                programs.setdefault(program, None)
        if not programs:
            return "ERROR", "the tests run no program of this build"
        compiled = {}
        for program in programs:
            compiles, link = build.program(program)
            affected = [o for o in compiles if target in build.deps().get(o, ())]
            todo = [o for o in affected if o not in compiled]
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                for obj, (out, result) in zip(todo, pool.map(
                        lambda o: compile_mutant(build, compiles[o], o, scratch), todo)):
                    if result.returncode != 0:
                        return "ERROR", f"{obj} did not compile:\n{result.stdout[-3000:]}"
                    compiled[obj] = out
            if affected:
                out, result = link_mutant(build, link, program, {o: compiled[o] for o in affected},
                                          scratch)
                if result.returncode != 0:
                    return "ERROR", f"{program} did not link:\n{result.stdout[-3000:]}"
                programs[program] = out
        if all(v is None for v in programs.values()):
            return "ERROR", f"no program of the tests is built from {m.file}"
        substitute = {str(build.build / p): str(out) for p, out in programs.items() if out}
        for name, test_filter in m.tests:
            code, output = run_test(build, name, test_filter, substitute, m.limit or limit)
            if code != 0:
                label = f"{name}" + (f":{test_filter}" if test_filter else "")
                if verbose:
                    print(output[-2000:])
                return "killed", f"by {label}" + (" (time limit)" if code == "timeout" else "")
        return "SURVIVED", "every test passed"
    finally:
        mutant.write_text(text)


def make_tree(root, scratch):
    tree = scratch / "tree"
    if tree.exists():
        shutil.rmtree(tree)
    for folder in SOURCE_FOLDERS:
        if (root / folder).is_dir():
            shutil.copytree(root / folder, tree / folder, symlinks=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default="build/release", help="Ninja build folder")
    parser.add_argument("--list", default="tests/mutations.txt", help="the mutations")
    parser.add_argument("--quick", action="store_true", help="only those marked quick = yes")
    parser.add_argument("--only", default="", help="comma-separated names")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=300, help="seconds per test run")
    parser.add_argument("-v", "--verbose", action="store_true", help="print a killing test's tail")
    args = parser.parse_args()

    root = Path(__file__).resolve().parent.parent
    build = Build(root, (root / args.build).resolve())
    mutations = read_mutations(root / args.list)
    if args.quick:
        mutations = [m for m in mutations if m.quick]
    if args.only:
        wanted = set(args.only.split(","))
        unknown = wanted - {m.name for m in mutations}
        if unknown:
            sys.exit(f"mutate: no mutation named {', '.join(sorted(unknown))}")
        mutations = [m for m in mutations if m.name in wanted]
    for m in mutations:
        for name, _ in m.tests:
            if name not in build.tests:
                sys.exit(f"mutate: {m.name}: no test named {name} in {build.build}")

    scratch = build.build / "mutate"
    make_tree(root, scratch)

    baseline = sorted({(name, f or "") for m in mutations for name, f in m.tests})
    print(f"mutate: baseline, {len(baseline)} unmutated test runs", flush=True)
    for name, test_filter in baseline:
        code, output = run_test(build, name, test_filter or None, {}, args.time_limit)
        if code != 0:
            print(output[-3000:])
            sys.exit(f"mutate: {name}:{test_filter} fails unmutated ({code}); fix that first")

    results = []
    for i, m in enumerate(mutations, 1):
        start = time.monotonic()
        verdict, detail = check_mutation(build, m, scratch, args.jobs, args.time_limit, args.verbose)
        seconds = time.monotonic() - start
        results.append((m.name, verdict))
        print(f"[{i}/{len(mutations)}] {verdict:8} {m.name} ({m.file}) {detail} [{seconds:.0f} s]",
              flush=True)
    survived = [n for n, v in results if v != "killed"]
    print(f"mutate: {len(results) - len(survived)} of {len(results)} killed"
          + (f"; not killed: {', '.join(survived)}" if survived else ""))
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
