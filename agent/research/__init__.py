"""The research agent: an LLM that investigates a crash with tools and proposes patches."""
