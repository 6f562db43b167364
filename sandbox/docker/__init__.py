"""The Docker backend: the container sandbox, its engine plumbing, images, network and environment cache."""
