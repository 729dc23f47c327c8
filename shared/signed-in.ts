// The signed-in hint: a cookie scripts can read, set beside the (HttpOnly) session cookie at login
// with the same lifetime and cleared at logout or as soon as the server finds the session gone. It
// holds no secret ("1"); the client asks GET /api/user (401 when nobody is logged in) only while it
// is there, so a visitor's page views make no failing request (decision 047). A file of its own,
// free of zod: the visitor's first page imports it.

export const SIGNED_IN_COOKIE = 'signed_in'
