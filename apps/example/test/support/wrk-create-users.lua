-- wrk script: POST /users with a unique e-mail address per request, and a record of what was
-- created. `wrk ... <url> -- <run> <folder>`: addresses are wrk-<run>-<thread>-<n>@example.com;
-- each thread appends the address of every 201 answer to <folder>/created-<thread>.txt, and
-- every other status to <folder>/failed-<thread>.txt, so the test can compare them with the
-- database (every 2xx stored exactly once).

local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

local run, folder, created, failed
local sent = 0

function init(args)
  run = args[1] or "run"
  folder = args[2] or "."
  created = assert(io.open(folder .. "/created-" .. thread_number .. ".txt", "w"))
  failed = assert(io.open(folder .. "/failed-" .. thread_number .. ".txt", "w"))
  -- One line at a time: nothing is lost when wrk is stopped with SIGINT.
  created:setvbuf("line")
  failed:setvbuf("line")
end

-- The headers given with -H, and the body's type.
local headers = {}
for name, value in pairs(wrk.headers) do headers[name] = value end
headers["Content-Type"] = "application/json"

function request()
  sent = sent + 1
  local email = "wrk-" .. run .. "-" .. thread_number .. "-" .. sent .. "@example.com"
  local body = '{"name":"Load ' .. sent .. '","email":"' .. email .. '"}'
  return wrk.format("POST", nil, headers, body)
end

function response(status, headers, body)
  if status == 201 then
    created:write((body:match('"email":"([^"]+)"') or "?") .. " " .. (body:match('"id":"([^"]+)"') or "?") .. "\n")
  else
    failed:write(status .. " " .. body:gsub("\n", " ") .. "\n")
  end
end
