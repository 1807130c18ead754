-- S2: every request is a valid create-user body (checked by verification before and after timing).
wrk.method = "POST"
wrk.body = '{"name":"Ada Lovelace","email":"ada@example.com"}'
wrk.headers["Content-Type"] = "application/json"
