// The participant link a researcher pastes into a recruitment platform: the study URL
// plus the platform's own placeholders (PLATFORMS.md), which the platform fills in for
// each participant. My studies and the wizard both build links here.
import { PLATFORMS } from '../generated/registry';

/** PLATFORM_PARAMETERS are the query parameters each platform's link carries
 * (params.Platform.LinkParams, generated); none is the None platform's other spelling. */
export const PLATFORM_PARAMETERS: Readonly<Record<string, string>> = Object.fromEntries([
  ...PLATFORMS.map((p) => [p.name, p.linkParams]),
  ['none', ''],
]);

/**
 * participantLink is the link to a study for participants: base (the address the server
 * listens on, such as "http://192.168.1.20:8080/") + "?experiment_id=…" + the platform's
 * parameters. The platform placeholders stay as written: the platform replaces them.
 */
export function participantLink(base: string, experimentId: string, platform: string): string {
  const root = base.replace(/[?#].*$/, '').replace(/\/*$/, '/');
  const extra = PLATFORM_PARAMETERS[platform.trim().toLowerCase()] ?? '';
  return `${root}?experiment_id=${encodeURIComponent(experimentId)}${extra}`;
}

/** phoneReachable picks, of the addresses the server listens on, one a classroom's phones can
 * reach: the first that is not a loopback address, else the first (a loopback one: the QR code
 * then warns). */
export function phoneReachable(urls: readonly string[]): string | undefined {
  return urls.find((u) => !loopbackHost(u)) ?? urls[0];
}

/** loopbackHost is the host of a link only the appliance's own machine can open
 * (127.0.0.0/8, localhost, ::1), or ''. */
export function loopbackHost(link: string): string {
  let host: string;
  try {
    host = new URL(link).hostname;
  } catch {
    return '';
  }
  const bare = host.replace(/^\[|\]$/g, '');
  if (/^127(\.\d{1,3}){3}$/.test(bare) || bare === '::1' || bare === 'localhost' || bare.endsWith('.localhost')) return bare;
  return '';
}
