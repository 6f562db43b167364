"""The crash families (declared in agent/reports/families.py, one declaration per family) and what
needs the families themselves: opening the path of a report's family for a run, and what one family
lends another (the kernel path proposes its own length checks and the C templates that can fix its
kind of crash). The families import no other family; this module may import them all."""
from __future__ import annotations

from agent.kernel import indexes, lengths, lifetimes, uninit
from agent.native import templates as c_templates
from agent.native.templates.scoring import crash_class, relevance
from agent.path import CrashPath, Steps
from agent.reports.families import ALL, FAMILIES, JVM, GO, KERNEL, NATIVE, PYTHON, RUST, WINDOWS, Family, \
    family_for, family_of, refusal
from agent.reports.model import CrashReport
from agent.run import Run

__all__ = ["ALL", "FAMILIES", "JVM", "GO", "KERNEL", "NATIVE", "PYTHON", "RUST", "WINDOWS", "Family", "family_for",
           "family_of", "kernel_templates", "path_for", "refusal"]


def path_for(report: CrashReport, run: Run, steps: Steps) -> CrashPath | None:
    """The crash path for this report's kind, ready to drive; None for a kind crashfix parses but does
    not fix (Go, Rust, JVM: `refusal` says so)."""
    family = family_of(report)
    return family.open(run, steps) if family.fixes else None


def kernel_kind(exc_type: str, message: str = "") -> str:
    """The class of a kernel report's crash (UBSAN's array-index-out-of-bounds is an out-of-bounds)."""
    if "array-index-out-of-bounds" in f"{exc_type} {message}".lower():
        return "overflow"
    return crash_class(exc_type, message)


# the kernel's own templates, by the kind of crash each can fix
KERNEL_OWN = {"overflow": (lengths.generate, indexes.generate), "uaf": (lifetimes.generate,),
              "uninit": (uninit.generate,)}


def kernel_templates(ctx, max_candidates: int = 30, report_text: str = "") -> list:
    """The kernel's: its own templates for the report's kind (a length or index check for an
    out-of-bounds, the put moved after the last use for a use-after-free, the memory zeroed where it
    is made for KMSAN's uninit-value: agent/kernel/), then the C templates whose family can fix that
    kind (an `initialise X` cannot fix a KASAN out-of-bounds read: not validated, at ~30 s a candidate)."""
    klass = kernel_kind(ctx.exc_type, ctx.message)
    own = [c for make in KERNEL_OWN.get(klass, ()) for c in make(ctx, report_text)]
    borrowed = [c for c in c_templates.generate(ctx, max_candidates=max_candidates)
                if relevance(c.template.removeprefix("c:"), klass) > 0]
    return (own + borrowed)[:max_candidates]
