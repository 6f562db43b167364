"""The backlog scan: triage every open crash issue of a repo once, rank and summarise them."""
