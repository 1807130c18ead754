import { IsInt, IsOptional, Max, Min } from "class-validator";

/** The largest page `GET /users` returns, and its size when `limit` is absent. */
export const maxPageSize = 100;

/** Paging for `GET /users`: `page` from 1, `limit` from 1 to 100. Query strings arrive as integers. */
export class ListUsersQuery {
  @IsOptional()
  @IsInt()
  @Min(1)
  page?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(maxPageSize)
  limit?: number;
}
