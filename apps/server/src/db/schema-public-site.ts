import type { Selectable } from 'kysely';

// The public site's news and contact messages (migration 0003), apart from schema.ts so it stays short.

export interface NewsItemsTable {
  id: string;
  title: string;
  /** Sanitised on the way in; never stored raw. */
  description_html: string;
  author: string;
  type: string;
  label: string;
  /** Storage key prefix of the image's sized variants (news/{id}), or null. */
  image_key: string | null;
  date: number;
  status: 'draft' | 'published';
  /** Lower-cased title, text, author and label, for the blog search. */
  search_text: string;
  created_by: string | null;
  updated_by: string | null;
  created_at: number;
  updated_at: number;
  published_at: number | null;
}

export interface ContactMessagesTable {
  id: string;
  email_or_phone: string;
  message: string;
  language: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
}

export interface PublicSiteTables {
  news_items: NewsItemsTable;
  contact_messages: ContactMessagesTable;
}

export type NewsItemRow = Selectable<NewsItemsTable>;
export type ContactMessageRow = Selectable<ContactMessagesTable>;
