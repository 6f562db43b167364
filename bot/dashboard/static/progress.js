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
        if (data.active) { setTimeout(poll, 1500); } else { window.location.reload(); }
      })
      .catch(function () { setTimeout(poll, 5000); });
  }
  setTimeout(poll, 1500);
})();
