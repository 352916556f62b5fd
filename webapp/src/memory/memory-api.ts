// «Память толкователя»'s calls (server: api/routes/memory.ts): what memory holds, the switch, forgetting.
import { call, client } from '../api';

export const getMemory = () => call(client.memory.$get());
export const setMemoryOn = (on: boolean) => call(client.memory.$put({ json: { on } }));
export const forgetReading = (id: number) => call(client.memory.readings[':id'].$delete({ param: { id: String(id) } }));
export const forgetAll = () => call(client.memory.readings.$delete());
export type MemoryView = Awaited<ReturnType<typeof getMemory>>;
