"""Kernel builds and QEMU boots."""
