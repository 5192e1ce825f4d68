// The home page's team section. The avatars are generated drawings (scripts/make-images.mjs),
// not photos; a lab running feedlab puts its own people here.

/** TeamMember is one card of the team section; name is optional so roles can stand alone. */
export interface TeamMember {
  role: string;
  name?: string;
  focus: string;
  avatar: string;
}

export const team: readonly TeamMember[] = [
  { role: 'Principal investigator', focus: 'Designs the studies and the interventions they test.', avatar: '/img/team/avatar-1.svg' },
  { role: 'Research engineer', focus: 'Builds the appliance, the feed and the data exports.', avatar: '/img/team/avatar-2.svg' },
  { role: 'Research assistant', focus: 'Prepares stimulus sets and pilots every condition.', avatar: '/img/team/avatar-3.svg' },
  { role: 'Data scientist', focus: 'Turns dwell times and engagements into findings.', avatar: '/img/team/avatar-4.svg' },
];
