-- The soak's request mix against the example users API, for wrk.
--
-- Run with as many threads as connections (-t N -c N): each thread then drives one connection,
-- so every response() belongs to the request() just before it, and statuses are counted per
-- request kind. done() prints one line, "SOAK {json}", that bench/soak.ts reads. Counters live in
-- one flat table with string keys ("sent list", "status list 200"): wrk's thread:get copies those
-- reliably, nested tables with numeric keys it does not.
--
-- Environment: SOAK_IDS (comma-separated ids of stored users), SOAK_EMAIL_POOL (how many distinct
-- e-mails valid POSTs use: the table, and the list, stay bounded; repeats answer 409).

local kinds = {
  { name = "list", weight = 3 },
  { name = "get_known", weight = 3 },
  { name = "get_unknown", weight = 2 },
  { name = "post_valid", weight = 2 },
  { name = "post_invalid", weight = 1 },
  { name = "post_malformed", weight = 1 },
}
local total_weight = 0
for _, kind in ipairs(kinds) do total_weight = total_weight + kind.weight end

local json = { ["Content-Type"] = "application/json" }
local threads = {}

-- Per thread (each thread has its own Lua state): what was sent, what came back.
tally = {}
local current = nil
local ids = {}
local pool = 200

function setup(thread)
  thread:set("thread_number", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  for id in string.gmatch(os.getenv("SOAK_IDS") or "", "[^,]+") do table.insert(ids, id) end
  pool = tonumber(os.getenv("SOAK_EMAIL_POOL") or "200")
  math.randomseed(os.time() * 1000 + thread_number)
end

local function count(key)
  tally[key] = (tally[key] or 0) + 1
end

local function pick()
  local roll = math.random() * total_weight
  for _, kind in ipairs(kinds) do
    roll = roll - kind.weight
    if roll <= 0 then return kind.name end
  end
  return kinds[#kinds].name
end

local function random_uuid()
  return string.format("%04x%04x-%04x-4%03x-%04x-%04x%04x%04x", math.random(0, 0xffff), math.random(0, 0xffff),
    math.random(0, 0xffff), math.random(0, 0xfff), math.random(0x8000, 0xbfff), math.random(0, 0xffff),
    math.random(0, 0xffff), math.random(0, 0xffff))
end

function request()
  local kind = pick()
  if kind == "get_known" and #ids == 0 then kind = "list" end
  current = kind
  count("sent " .. kind)
  if kind == "list" then
    return wrk.format("GET", "/users?page=1&limit=20")
  elseif kind == "get_known" then
    return wrk.format("GET", "/users/" .. ids[math.random(#ids)])
  elseif kind == "get_unknown" then
    return wrk.format("GET", "/users/" .. random_uuid())
  elseif kind == "post_valid" then
    local n = math.random(pool)
    return wrk.format("POST", "/users", json,
      string.format('{"name":"Soak user %d","email":"soak-%d@example.com"}', n, n))
  elseif kind == "post_invalid" then
    return wrk.format("POST", "/users", json, '{"name":"","email":"not-an-e-mail"}')
  else
    return wrk.format("POST", "/users", json, '{"name":"Soak","email":')
  end
end

function response(status, headers, body)
  count("status " .. (current or "unattributed") .. " " .. status)
  current = nil
end

local function quote(text)
  return '"' .. string.gsub(tostring(text), '[%c"\\]', "") .. '"'
end

function done(summary, latency, requests)
  local parts = {}
  local function add(key, value)
    table.insert(parts, quote(key) .. ":" .. string.format("%.0f", value))
  end
  local all = {}
  for _, thread in ipairs(threads) do
    for key, n in pairs(thread:get("tally")) do all[key] = (all[key] or 0) + n end
  end
  for key, n in pairs(all) do add(key, n) end
  for name, n in pairs(summary.errors) do add("error " .. name, n) end
  add("requests", summary.requests)
  add("duration_us", summary.duration)
  add("latency_p50_us", latency:percentile(50))
  add("latency_p99_us", latency:percentile(99))
  add("latency_max_us", latency.max)
  io.write("SOAK {", table.concat(parts, ","), "}\n")
end
