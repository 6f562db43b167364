"""A speculative patch (agent/judge/confidence.py) under the repository's `pull_requests.min_confidence`:
`crashfix simulate` shows it as a suggestion in the status comment under the default policy, and as a
PR labelled speculative in its title and first line where the repository allows it."""
from __future__ import annotations


from bot.cli.simulate import simulate

SWALLOW = ("--- a/app.py\n+++ b/app.py\n@@ -1 +1,4 @@\n-print('hi')\n+try:\n+    print('hi')\n"
           "+except AttributeError:\n+    pass\n")


def rated_pipeline(gh):
    """The bot tests' stand-in pipeline, its validated patch a swallowed exception, rated by the real
    `agent.pipeline.assess` (the confidence is computed, not set)."""
    from agent.pipeline import assess, settle
    from agent.render import write_outputs
    from agent.reports import parse
    from agent.records import Reproduction
    from agent.run import Result, Run
    from agent.candidates import Candidate
    from agent.judge.validate import Verdict

    def run(config, progress):
        result = Run(config, status="fixed", report=parse(config.report_text),
                     reproduction=Reproduction(command="python -m stockroom", tries=3, crashed=3))
        best = Verdict(Candidate(SWALLOW, "catch AttributeError around the crashing statement", "catch",
                                 files=("app.py",)), validated=True, reason="validated", applied=True,
                       clean_runs=3, tries=3)
        result.verdicts = [best]
        settle(result, assess(result, [best]))
        out = Result.of(result)
        write_outputs(out, config.out)
        return out
    return run


def test_under_the_default_policy_a_speculative_patch_is_a_suggestion_not_a_pr(tmp_path, gh, git_repo):
    out = simulate(git_repo, gh.CRASH_BODY, ["/crashfix fix"], tmp_path / "sim", sandbox="local",
                   pipeline=rated_pipeline(gh))
    names = [o["op"] for o in out.ops]
    assert out.status == "speculative" and "pr.create" not in names and "branch.push" not in names
    final = [o for o in out.ops if o["op"] == "comment.edit"][-1]["body"]
    assert "`speculative`: a patch passed validation, but it may hide the crash rather than fix it" in final
    assert "`fixed`" not in final
    assert "no pull request (the patch is speculative" in final and "min_confidence: high" in final
    assert "**Confidence:** speculative" in final and "+except AttributeError:" in final
    assert "Root cause" not in final and "**Crash:** " in final
    assert "catches the exception" in final                      # why, in words


def test_a_repository_that_allows_speculative_prs_gets_one_that_says_so(tmp_path, gh):
    folder = tmp_path / "plain"
    (folder / ".github").mkdir(parents=True)
    (folder / ".github" / "crashfix.yml").write_text("pull_requests:\n  min_confidence: speculative\n")
    (folder / "app.py").write_text("print('hi')\n")
    out = simulate(folder, gh.CRASH_BODY, [], tmp_path / "sim", sandbox="local", pipeline=rated_pipeline(gh))
    pr = next(o for o in out.ops if o["op"] == "pr.create")
    assert pr["title"].startswith("Draft: possible fix for ")
    first = [ln for ln in pr["body"].splitlines() if ln.strip() and not ln.startswith("<!--")][0]
    assert first.startswith("Closes #") and "a possible fix, rated speculative" in first and "Fixes" not in first
    assert "**Confidence:** speculative: " in pr["body"] and "it catches the exception" in pr["body"]


def test_the_status_word_agrees_in_result_json_report_md_the_pr_title_the_comment_and_the_cli(tmp_path, gh):
    """One word for a speculative patch everywhere: never headlined `fixed`."""
    import json
    from bot.cli.main import EXIT_CODES, exit_code
    folder = tmp_path / "plain"
    (folder / ".github").mkdir(parents=True)
    (folder / ".github" / "crashfix.yml").write_text("pull_requests:\n  min_confidence: speculative\n")
    (folder / "app.py").write_text("print('hi')\n")
    out = simulate(folder, gh.CRASH_BODY, [], tmp_path / "sim", sandbox="local", pipeline=rated_pipeline(gh))
    data = json.loads(next((tmp_path / "sim").rglob("result.json")).read_text())
    report = next((tmp_path / "sim").rglob("report.md")).read_text()
    assert data["status"] == "speculative" and data["confidence"] == "speculative" and data["confidence_why"]
    assert report.splitlines()[0] == ("## crashfix: speculative: a patch passed validation, but it may hide the "
                                      "crash rather than fix it")
    pr = next(o for o in out.ops if o["op"] == "pr.create")
    assert pr["title"].startswith("Draft: possible fix for ") and "Fix " not in pr["title"]
    final = [o for o in out.ops if o["op"] == "comment.edit"][-1]["body"]
    heads = [ln for ln in final.splitlines() if ln.startswith("**")]      # the standing result, the run's headline
    assert heads[0].startswith("**Standing result:** `speculative`: pull request #")
    assert any("`speculative`: a patch passed validation, but it may hide the crash rather than fix it" in h
               for h in heads)
    assert not any("`fixed`" in h for h in heads)
    assert exit_code("speculative") == EXIT_CODES["speculative"] == 5 != EXIT_CODES["fixed"]
