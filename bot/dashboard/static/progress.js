// Live progress of a running job: poll progress.json, append new messages, reload when it ends.
(function () {
  var list = document.getElementById("progress");
  if (!list || list.dataset.active !== "yes") return;
  var after = parseInt(list.dataset.after || "0", 10);
  function poll() {
    fetch(list.dataset.url + "?after=" + after, { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (data) {
        (data.events || []).forEach(function (e) {
          var li = document.createElement("li");
          var t = document.createElement("time");
          t.textContent = e.at.substring(11, 19);
          li.appendChild(t);
          li.appendChild(document.createTextNode(" " + e.message));
          list.appendChild(li);
          after = e.id;
        });
        document.getElementById("job-state").textContent = data.state;
        showNow(data.now);
        if (data.active) { setTimeout(poll, 1500); } else { window.location.reload(); }
      })
      .catch(function () { setTimeout(poll, 5000); });
  }
  // the current phase in words and its elapsed time, ticking every second between polls
  var now = document.getElementById("now");
  function seconds(s) { return s < 60 ? s + " s" : Math.floor(s / 60) + " min " + ("0" + (s % 60)).slice(-2) + " s"; }
  function showNow(n) {
    if (!now || !n) return;
    now.hidden = false;
    now.dataset.since = n.since;
    document.getElementById("now-words").textContent = n.words;
    document.getElementById("now-doing").textContent = n.doing ? "; waiting for: " + n.doing : "";
    tick();
  }
  function tick() {
    if (!now || !now.dataset.since) return;
    var s = Math.max(0, Math.round((Date.now() - Date.parse(now.dataset.since)) / 1000));
    document.getElementById("now-elapsed").textContent = seconds(s);
  }
  setInterval(tick, 1000);
  setTimeout(poll, 1500);
})();
