"""The Linux kernel path of the main job: build, boot under QEMU, reproduce by title, validate by rebuild."""
