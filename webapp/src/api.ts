// The API client: every call carries the launch data as `Authorization: tma <initData>`.
import { readLaunchParams } from './telegram/launch';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { initData } = readLaunchParams();
  const headers = new Headers(init.headers);
  if (initData) headers.set('Authorization', `tma ${initData}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers, body });
  } catch (err) {
    throw new ApiError(0, (err as Error)?.message || 'Неизвестная ошибка');
  }
  const payload = (await res.json().catch(() => null)) as { success?: boolean; data?: T; error?: string } | null;
  if (!res.ok || !payload?.success) {
    throw new ApiError(res.status, payload?.error ?? `HTTP ${res.status}: ${res.statusText}`, payload ?? undefined);
  }
  return payload.data as T;
}
