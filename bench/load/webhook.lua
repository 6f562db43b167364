-- wrk script: POST signed GitHub webhook deliveries, each with its own X-GitHub-Delivery and its own body.
--   CRASHFIX_LOAD_DATA  a Lua file returning {items = {{event=, head=}, ...}, count = N, sigs = "<N x 64 hex>"}:
--     request number n (0-based over all threads) sends items[n % #items + 1].head .. ', "load_sequence": n}'
--     signed with sigs' n-th HMAC (computed by the bench); past N it starts over: those are replays,
--     which the server drops, and done() counts them
--   CRASHFIX_LOAD_RUN   a run id: deliveries are "<run>-<thread>-<n>"
--   CRASHFIX_LOAD_RATE  requests/s over all threads (open-loop schedule through delay()); 0 = as fast as possible
--   CRASHFIX_LOAD_THREADS  the -t given to wrk (to split the rate)
-- done() prints one line "CRASHFIX_LOAD_RESULT {json}" for the bench to read.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } crashfix_timespec;
  int clock_gettime(int clk_id, crashfix_timespec *tp);
]]
local ts = ffi.new("crashfix_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts)               -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local threads = {}
local counter = 0

function setup(thread)
  table.insert(threads, thread)
  thread:set("tid", #threads)
end

function init(args)
  data = dofile(os.getenv("CRASHFIX_LOAD_DATA"))
  run = os.getenv("CRASHFIX_LOAD_RUN")
  local rate = tonumber(os.getenv("CRASHFIX_LOAD_RATE") or "0")
  nthreads = tonumber(os.getenv("CRASHFIX_LOAD_THREADS") or "1")
  interval = rate > 0 and (1000.0 * nthreads / rate) or 0     -- ms between this thread's requests
  start = nil
  slot = 0
  codes = {}
  sent = 0
  replays = 0
end

function request()
  counter = counter + 1
  sent = counter
  local n = (counter - 1) * nthreads + (tid - 1)          -- unique over the threads
  local k = n % data.count
  if n >= data.count then replays = replays + 1 end
  local p = data.items[(k % #data.items) + 1]
  local headers = {
    ["Content-Type"] = "application/json",
    ["User-Agent"] = "GitHub-Hookshot/load",
    ["X-GitHub-Event"] = p.event,
    ["X-GitHub-Delivery"] = string.format("%s-%d-%d", run, tid, counter),
    ["X-Hub-Signature-256"] = "sha256=" .. data.sigs:sub(k * 64 + 1, k * 64 + 64),
  }
  return wrk.format("POST", "/webhook", headers, p.head .. string.format(', "load_sequence": %d}', k))
end

function delay()
  if interval == 0 then return 0 end
  local t = now_ms()
  if start == nil then start = t end
  slot = slot + 1
  local wait = start + slot * interval - t
  if wait < 0 then return 0 end
  return wait
end

function response(status, headers, body)
  local key = tostring(status)
  codes[key] = (codes[key] or 0) + 1
end

function done(summary, latency, requests)
  local all = {}
  local issued, replayed = 0, 0
  for _, t in ipairs(threads) do
    replayed = replayed + (t:get("replays") or 0)
    for k, v in pairs(t:get("codes") or {}) do all[k] = (all[k] or 0) + v end
    issued = issued + (t:get("sent") or 0)
  end
  local parts = {}
  for k, v in pairs(all) do table.insert(parts, string.format('"%s": %d', k, v)) end
  local e = summary.errors
  io.write(string.format(
    'CRASHFIX_LOAD_RESULT {"requests": %d, "issued": %d, "replays": %d, "duration_us": %d, "bytes": %d, ' ..
    '"errors": {"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}, ' ..
    '"latency_us": {"p50": %d, "p90": %d, "p99": %d, "p999": %d, "max": %d, "mean": %.1f}, "codes": {%s}}\n',
    summary.requests, issued, replayed, summary.duration, summary.bytes,
    e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency:percentile(99.9),
    latency.max, latency.mean, table.concat(parts, ", ")))
end
