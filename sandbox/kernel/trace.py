"""The C prelude forced in front of the reproducer (`gcc -include`): each `syscall()` the reproducer
makes prints what it returned to the console, `crashfix-syscall: <pid> <nr> = <ret> [errno <e>]`, the
first 64 of each process, so the patched kernel's answers can be set beside the unpatched one's
(agent/kernel/behaviour.py). syzbot's C reproducers make their calls through `syscall()`."""

SYSCALL_MARK = "crashfix-syscall:"

PRELUDE = r"""/* crashfix: forced in front of the reproducer (gcc -include). Each syscall() the reproducer makes
 * prints what it returned to the console: "crashfix-syscall: <pid> <nr> = <ret> [errno <e>]", the
 * first 64 of each process, so the patched kernel's answers can be set beside the unpatched one's. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static long crashfix_syscall(long nr, ...)
{
	static int said;
	long a[6], ret;
	int i, e, n;
	char buf[96];
	va_list ap;

	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	ret = syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	e = errno;
	if (said < 64) {
		said++;
		n = ret == -1 ? snprintf(buf, sizeof(buf), "crashfix-syscall: %d %ld = -1 errno %d\n", (int)getpid(), nr, e)
			      : snprintf(buf, sizeof(buf), "crashfix-syscall: %d %ld = %ld\n", (int)getpid(), nr, ret);
		if (n > 0)
			write(2, buf, n);
	}
	errno = e;
	return ret;
}
#define syscall crashfix_syscall
"""
