// The classroom wall (migration 0060), apart from schema.ts so it stays short.

/** An announcement of an account, shown on the walls of the classrooms in wall_post_classrooms. */
export interface WallPostsTable {
  id: string;
  account_id: string;
  author_user_id: string | null;
  text: string;
  pinned: number;
  comments_on: number;
  /** JSON array of `{ url, name, type }` (contracts/wall.ts wallAttachmentSchema). */
  attachments: string;
  /** The SMS send it went out as; set once, so an announcement is charged once. */
  sms_send_id: string | null;
  sms_sent_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface WallPostClassroomsTable {
  post_id: string;
  classroom_id: string;
  account_id: string;
}

/** A student's comment on an announcement, written from the family portal. */
export interface WallCommentsTable {
  id: string;
  post_id: string;
  account_id: string;
  student_id: string;
  user_id: string;
  text: string;
  created_at: number;
}

export interface WallTables {
  wall_posts: WallPostsTable;
  wall_post_classrooms: WallPostClassroomsTable;
  wall_comments: WallCommentsTable;
}
