/**
 * What a sign-up link can preset: `?ref=` fills the referral ID and `?zoom=1` (also
 * `?meeting=1` or `?source=zoom`) marks a sign-up through the video-meeting app, which installs
 * the zoom-meeting tool (spec part 2 §2).
 */
export function signUpPresets(params: URLSearchParams): { referralId: string; meetingApp: boolean } {
  const yes = (value: string | null) =>
    value !== null && ['1', 'true', 'yes', ''].includes(value.toLowerCase());
  const referralId = (params.get('ref') ?? params.get('referral') ?? '').trim().slice(0, 64);
  const meetingApp =
    yes(params.get('zoom')) || yes(params.get('meeting')) || params.get('source')?.toLowerCase() === 'zoom';
  return { referralId, meetingApp };
}
