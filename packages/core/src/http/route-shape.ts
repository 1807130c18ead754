/**
 * A route path with its parameter names blanked (`/users/:id` -> `/users/:`). Routers match by
 * shape, so `/users/:id` and `/users/:userId` are one route: paths of one shape collide.
 */
export function routeShape(path: string): string {
  return path.replace(/\/:[^/]+/g, "/:");
}
