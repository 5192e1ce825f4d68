// The home page's team section. The avatars are generated drawings (scripts/make-images.mjs),
// not photos; a lab running feedlab puts its own people here (their words in i18n/*.json).
import type { SiteKey } from './texts';

/** TeamMember is one card of the team section; name is optional so roles can stand alone. */
export interface TeamMember {
  role: SiteKey;
  name?: string;
  focus: SiteKey;
  avatar: string;
}

export const team: readonly TeamMember[] = [
  { role: 'team.pi', focus: 'team.piFocus', avatar: '/img/team/avatar-1.svg' },
  { role: 'team.engineer', focus: 'team.engineerFocus', avatar: '/img/team/avatar-2.svg' },
  { role: 'team.assistant', focus: 'team.assistantFocus', avatar: '/img/team/avatar-3.svg' },
  { role: 'team.scientist', focus: 'team.scientistFocus', avatar: '/img/team/avatar-4.svg' },
];
