// Logging in as the drills' administrator: the session cookie to send with later requests.
export const DRILL_ADMIN = { username: 'drill', password: 'drill password' }

export async function loginCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DRILL_ADMIN),
  })
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}
