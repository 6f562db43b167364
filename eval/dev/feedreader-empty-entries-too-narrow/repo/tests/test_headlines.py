from feedreader import headlines, latest_title


def test_latest_title_is_cleaned():
    feed = {"name": "lwn", "entries": [{"title": "Kernel  &amp; \n friends"}, {"title": "old"}]}
    assert latest_title(feed) == "Kernel & friends"


def test_untitled_entry():
    assert latest_title({"name": "x", "entries": [{}]}) == "(untitled)"


def test_feed_without_entries_key():
    assert latest_title({"name": "broken"}) is None


def test_headlines_skip_empty_feeds():
    feeds = [{"name": "a", "entries": [{"title": "Hello"}]}, {"name": "b", "entries": []}]
    assert headlines(feeds) == {"a": "Hello"}
