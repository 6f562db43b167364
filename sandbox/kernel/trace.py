"""The C prelude forced in front of the reproducer (`gcc -include`): each `syscall()` the reproducer
makes (and each open, read, write, close, ioctl, socket, bind, connect, sendto, sendmsg, setsockopt
through libc) prints what it returned to the console, `crashfix-syscall: <pid> <nr> = <ret> [errno <e>]`, the
first 64 of each process and 256 in all (a repeat-mode reproducer forks a child per round), so the patched kernel's answers can be set beside the unpatched one's
(agent/kernel/behaviour.py). syzbot's C reproducers make their calls through `syscall()`."""

SYSCALL_MARK = "crashfix-syscall:"

PRELUDE = r"""/* crashfix: forced in front of the reproducer (gcc -include). Each syscall() the reproducer makes
 * prints what it returned to the console: "crashfix-syscall: <pid> <nr> = <ret> [errno <e>]", the
 * first 64 of each process and 256 in all (a repeat-mode reproducer forks a child per round), so the patched kernel's answers can be set beside the unpatched one's. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1   /* before any header, as syzbot's reproducers ask: their #define comes after this */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static long crashfix_said(long nr, long ret)
{
	static int said;
	static int *shared;      /* all processes forked after the first call: 256 lines in all */
	int e = errno, n;
	char buf[96];

	if (!shared) {
		shared = mmap(NULL, sizeof(int), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (shared == MAP_FAILED)
			shared = &said;
	}
	if (said < 64 && __sync_fetch_and_add(shared, 1) < 256) {
		said++;
		n = ret == -1 ? snprintf(buf, sizeof(buf), "crashfix-syscall: %d %ld = -1 errno %d\n", (int)getpid(), nr, e)
			      : snprintf(buf, sizeof(buf), "crashfix-syscall: %d %ld = %ld\n", (int)getpid(), nr, ret);
		if (n > 0)
			write(2, buf, n);
	}
	errno = e;
	return ret;
}

static long crashfix_syscall(long nr, ...)
{
	long a[6];
	int i;
	va_list ap;

	va_start(ap, nr);
	for (i = 0; i < 6; i++)
		a[i] = va_arg(ap, long);
	va_end(ap);
	return crashfix_said(nr, syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]));
}
#define syscall crashfix_syscall
/* the libc wrappers reproducers written by hand use (the headers above are in: their declarations
 * are not rewritten) */
#define open(...) ((int)crashfix_said(__NR_open, open(__VA_ARGS__)))
#define openat(...) ((int)crashfix_said(__NR_openat, openat(__VA_ARGS__)))
#define read(...) ((ssize_t)crashfix_said(__NR_read, read(__VA_ARGS__)))
#define write(...) ((ssize_t)crashfix_said(__NR_write, write(__VA_ARGS__)))
#define close(...) ((int)crashfix_said(__NR_close, close(__VA_ARGS__)))
#define ioctl(...) ((int)crashfix_said(__NR_ioctl, ioctl(__VA_ARGS__)))
#define socket(...) ((int)crashfix_said(__NR_socket, socket(__VA_ARGS__)))
#define bind(...) ((int)crashfix_said(__NR_bind, bind(__VA_ARGS__)))
#define connect(...) ((int)crashfix_said(__NR_connect, connect(__VA_ARGS__)))
#define sendto(...) ((ssize_t)crashfix_said(__NR_sendto, sendto(__VA_ARGS__)))
#define sendmsg(...) ((ssize_t)crashfix_said(__NR_sendmsg, sendmsg(__VA_ARGS__)))
#define setsockopt(...) ((int)crashfix_said(__NR_setsockopt, setsockopt(__VA_ARGS__)))
"""
