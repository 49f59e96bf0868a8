import type { FastifyInstance } from 'fastify';
import {
  API,
  apiPath,
  type FollowersResponse,
  type FollowResponse,
  type ProfileDetails,
} from '@rummage/contract';
import { bearer } from './factories.js';

/** GET profile-details as whoever `headers` say (a bearer token, a user agent, or nobody). */
export async function profileOf(
  app: FastifyInstance,
  userId: number,
  headers: Record<string, string> = {},
): Promise<ProfileDetails> {
  const response = await app.inject({
    method: 'GET',
    url: apiPath(API.user.profileDetails, { userId }),
    headers,
  });
  if (response.statusCode !== 200)
    throw new Error(`profile-details ${response.statusCode}: ${response.body}`);
  return response.json<{ data: ProfileDetails }>().data;
}

/** POST follow-unfollow the way the SPEC's client does (JSON content type, empty body) unless a body is given. */
export function followRequest(
  app: FastifyInstance,
  token: string | null,
  userId: number | string,
  body?: object,
) {
  return app.inject({
    method: 'POST',
    url: apiPath(API.user.followUnfollow, { userId }),
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
    ...(body ? { payload: body } : {}),
  });
}

/** follow-unfollow that must succeed; answers its `data`. */
export async function follow(
  app: FastifyInstance,
  token: string,
  userId: number,
  body?: object,
): Promise<FollowResponse['data']> {
  const response = await followRequest(app, token, userId, body);
  if (response.statusCode !== 200)
    throw new Error(`follow-unfollow ${response.statusCode}: ${response.body}`);
  return response.json<FollowResponse>().data;
}

export async function followersOf(
  app: FastifyInstance,
  token: string,
  query: { page?: number; pageSize?: number } = {},
): Promise<FollowersResponse> {
  const response = await app.inject({
    method: 'GET',
    url: API.user.followers,
    headers: bearer(token),
    query: {
      ...(query.page !== undefined && { page: String(query.page) }),
      ...(query.pageSize !== undefined && { pageSize: String(query.pageSize) }),
    },
  });
  if (response.statusCode !== 200) throw new Error(`followers ${response.statusCode}: ${response.body}`);
  return response.json<FollowersResponse>();
}
