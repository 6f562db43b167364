"""`/crashfix fix --repro-cmd <command>` (issue 39): the command reaches the run's config; a plain
`/crashfix fix` gives none."""
from __future__ import annotations


def test_the_reproducer_command_of_a_comment_reaches_the_run(harness, gh):
    body = "/crashfix fix --repro-cmd `dd if=/dev/zero of=f bs=1 count=1 && ./example f`"
    harness.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented(body, number=1))
    assert harness.pipeline.configs[0].repro_cmd == "dd if=/dev/zero of=f bs=1 count=1 && ./example f"


def test_a_plain_fix_gives_no_reproducer_command(harness, gh):
    harness.deliver("issue_comment", "issue_comment.created.with-installation", gh.commented("/crashfix fix", number=1))
    assert harness.pipeline.configs[0].repro_cmd is None
