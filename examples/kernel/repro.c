// Write a message to /proc/crashfix_demo: the driver reads the freed message back.
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	const char msg[] = "hello from crashfix";
	int fd = open("/proc/crashfix_demo", O_WRONLY);

	if (fd < 0) {
		perror("open /proc/crashfix_demo");
		return 1;
	}
	if (write(fd, msg, strlen(msg)) < 0)
		perror("write");
	close(fd);
	return 0;
}
