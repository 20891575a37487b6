// Online classes through Zoom (migration 0065), apart from schema.ts so it stays short.

/** An account's Zoom connection: the OAuth tokens sealed (online-pay/secret-box.ts), never sent out. */
export interface ZoomConnectionsTable {
  account_id: string;
  /** Sealed `{ accessToken, refreshToken }`; the refresh token rotates on every refresh. */
  sealed_tokens: string;
  access_expires_at: number;
  scope: string | null;
  zoom_email: string | null;
  connected_by: string | null;
  connected_at: number;
  refreshed_at: number | null;
}

/** An authorisation under way: the state's hash, bound to the signed-in session that began it. */
export interface ZoomOauthStatesTable {
  state_hash: string;
  account_id: string;
  user_id: string;
  session_id: string;
  expires_at: number;
}

/** A Zoom meeting made for one class of the timetable (dates `YYYY-MM-DD`, times `HH:mm`). */
export interface ZoomMeetingsTable {
  id: string;
  account_id: string;
  classroom_id: string;
  date: string;
  start: string;
  end: string;
  zoom_id: string;
  zoom_uuid: string;
  join_url: string;
  /** The classroom's short link (`/r/{code}`), sent by SMS. */
  short_url: string;
  topic: string;
  sms_send_id: string | null;
  /** When the participants report last marked attendance. */
  attendance_at: number | null;
  created_by: string | null;
  created_at: number;
}

/** A join link of a meeting: the classroom's (student null) or one student's own. */
export interface ZoomJoinLinksTable {
  code: string;
  meeting_id: string;
  student_id: string | null;
  used_at: number | null;
}

export interface ZoomTables {
  zoom_connections: ZoomConnectionsTable;
  zoom_oauth_states: ZoomOauthStatesTable;
  zoom_meetings: ZoomMeetingsTable;
  zoom_join_links: ZoomJoinLinksTable;
}
