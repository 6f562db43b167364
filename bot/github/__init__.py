"""Everything said to GitHub: the REST client, its dry run, git push, pacing, tracked writes."""
