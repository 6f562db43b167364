"""A report with no place of its own is one crash with another only inside one repository, by the same
exception and message (issue 36: 'a report with no usable frame is a singleton unless its title-level
signature matches exactly'; never one generic signature across projects)."""
from agent.reports import parse_issue

A = "KeyError: 'streamingData'\n\nSince today every download fails with\n\n```\nKeyError: 'streamingData'\n```\n"
B = "[BUG] streamingData\n\nHi, after the update:\nKeyError: 'streamingData'\n"
UBSAN = ("UndefinedBehaviorSanitizer: integer overflow\n\n```\nRunning: id:000297\n"
         "src/exif.cpp:744:9: runtime error: signed integer overflow: 8011674164915894263 + 4005836969580953600 "
         "cannot be represented in type 'long'\n"
         "SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior src/exif.cpp:744:9 in \n```\n")


def sig(text, repo=None):
    rep = parse_issue(text, repo)
    assert rep is not None
    return rep.signature


def test_the_same_exception_line_in_one_repository_is_one_crash_in_two_it_is_not():
    assert sig(A, "pytube/pytube") == sig(B, "pytube/pytube") != ""
    assert sig(A, "pytube/pytube") != sig(B, "other/fork")
    assert sig(A) == sig(B) == ""                       # no repository: a singleton, as before


def test_a_message_without_words_or_a_runtimes_own_message_stays_a_singleton():
    assert sig("KeyError: 0\n\nit fails", "o/p") == ""
    assert sig("Panic: runtime error: index out of range\n\nin production", "o/p") == ""


def test_a_sanitizer_message_without_a_place_is_scoped_to_its_repository():
    assert sig(UBSAN, "a/one") != sig(UBSAN, "b/two")
    assert sig(UBSAN, "a/one") == sig(UBSAN.replace("8011674164915894263", "5"), "a/one")
