// The researcher API, one module per area; `import * as api from '../api'` reads them all.
// client.ts sends the calls and reads the replies with lib/api.ts, the participant's reader.
export { ResearcherApiError, onSignedOut } from './client';
export * from './auth';
export * from './capabilities';
export * from './studies';
export * from './sets';
export * from './uploads';
export * from './downloads';
export * from './study';
export * from './reconcile';
export * from './labels';
export * from './participant';
export * from './signups';
