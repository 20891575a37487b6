import type { OnlinePaymentStatusColumn } from './schema-online-pay';

// Public video courses (migration 0078), apart from schema.ts so it stays short.

/** A course published to anyone with its link; unpublishing deletes the row (and the link). */
export interface VideoCoursePublicationsTable {
  course_id: string;
  account_id: string;
  /** The unguessable key of `/public-video-course?key=…`. */
  link_key: string;
  /** Paisa; 0 is free. */
  price: number;
  published_at: number;
  updated_at: number;
}

/** A visitor buying a paid course through the institution's gateway. */
export interface VideoCoursePurchasesTable {
  id: string;
  account_id: string;
  course_id: string;
  buyer_name: string;
  buyer_phone: string;
  amount: number;
  currency: string;
  gateway: string;
  mode: string;
  tran_id: string;
  gateway_payment_id: string | null;
  gateway_trx_id: string | null;
  /** The attempt states of online payments; only `paid` (set by the IPN) lets the buyer watch. */
  status: OnlinePaymentStatusColumn;
  note: string;
  /** The buyer's access link carries it (public-video-pay.service.ts); never listed to staff. */
  access_token: string;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
}

export interface PublicVideoTables {
  video_course_publications: VideoCoursePublicationsTable;
  video_course_purchases: VideoCoursePurchasesTable;
}
