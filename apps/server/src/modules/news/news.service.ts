import {
  NEWS_READ_RATE,
  type NewsItem,
  type NewsPage,
  type NewsPayload,
  readTimeMinutes,
} from '@batchwise/domain';
import type { NewsItemRow } from '../../db/schema-public-site';
import type { Storage } from '../../drivers/storage/storage';
import type { Clock } from '../../lib/clock';
import { failure } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { EventBus } from '../events/event-bus';
import type { NewsCursor, NewsRepository } from './news.repository';
import { newsSummary, newsText, sanitizeNewsHtml } from './news-html';
import { storeNewsImage } from './news-images';

export const newsNotFound = () => failure(404, 'NEWS_NOT_FOUND');

export interface NewsListOptions {
  q?: string;
  cursor?: string;
  limit: number;
}

/** What browsers refetch when news changes: every query under ['news']. */
const NEWS_CHANGED = { channel: 'public', type: 'news.changed', stale: [{ resource: 'news' as const }] };

export function toNewsItem(row: NewsItemRow): NewsItem {
  return {
    key: row.id,
    title: row.title,
    description: row.description_html,
    summary: newsSummary(row.description_html),
    author: row.author,
    type: row.type,
    label: row.label,
    image: row.image_key ? `/media/${row.image_key}` : null,
    date: row.date,
    readTimeMinutes: readTimeMinutes(row.description_html, NEWS_READ_RATE),
    status: row.status,
    updatedAt: row.updated_at,
  };
}

function decodeCursor(cursor: string | undefined): NewsCursor | undefined {
  if (!cursor) return undefined;
  const [date, id] = cursor.split('_');
  return { date: Number(date), id: id ?? '' };
}

function searchWords(q: string | undefined): string[] {
  return (q ?? '').toLocaleLowerCase().split(/\s+/u).filter(Boolean).slice(0, 8);
}

function searchText(payload: Pick<NewsItemRow, 'title' | 'description_html' | 'author' | 'label' | 'type'>) {
  return [payload.title, newsText(payload.description_html), payload.author, payload.label, payload.type]
    .join(' ')
    .toLocaleLowerCase();
}

/**
 * News items of the public site (spec part 1 §3, §7). Visitors read published items only;
 * staff write them. Every change tells open pages to refetch their news lists.
 */
export class NewsService {
  constructor(
    private readonly repo: NewsRepository,
    private readonly storage: Storage,
    private readonly events: EventBus,
    private readonly clock: Clock,
  ) {}

  async list(options: NewsListOptions, publishedOnly: boolean): Promise<NewsPage> {
    const rows = await this.repo.list({
      publishedOnly,
      words: searchWords(options.q),
      cursor: decodeCursor(options.cursor),
      limit: options.limit + 1,
    });
    const page = rows.slice(0, options.limit);
    const last = page.at(-1);
    return {
      items: page.map(toNewsItem),
      nextCursor: rows.length > options.limit && last ? `${last.date}_${last.id}` : null,
    };
  }

  async get(key: string, publishedOnly: boolean): Promise<NewsItem> {
    const row = await this.repo.findById(key);
    if (!row || (publishedOnly && row.status !== 'published')) throw newsNotFound();
    return toNewsItem(row);
  }

  async create(payload: NewsPayload, actorId: string | null): Promise<NewsItem> {
    const now = this.clock.now();
    const description = sanitizeNewsHtml(payload.description);
    const row: NewsItemRow = {
      id: newId(now),
      title: payload.title,
      description_html: description,
      author: payload.author,
      type: payload.type,
      label: payload.label,
      image_key: payload.image,
      date: payload.date ?? now,
      status: payload.status,
      search_text: '',
      created_by: actorId,
      updated_by: actorId,
      created_at: now,
      updated_at: now,
      published_at: payload.status === 'published' ? now : null,
    };
    row.search_text = searchText(row);
    await this.repo.insert(row);
    await this.events.publish(NEWS_CHANGED);
    return toNewsItem(row);
  }

  async update(key: string, payload: NewsPayload, actorId: string | null): Promise<NewsItem> {
    const existing = await this.repo.findById(key);
    if (!existing) throw newsNotFound();
    const now = this.clock.now();
    const publishing = payload.status === 'published' && existing.status !== 'published';
    const changes = {
      title: payload.title,
      description_html: sanitizeNewsHtml(payload.description),
      author: payload.author,
      type: payload.type,
      label: payload.label,
      image_key: payload.image,
      // A draft published without a chosen date goes to the top of the lists, dated now.
      date: payload.date ?? (publishing ? now : existing.date),
      status: payload.status,
      updated_by: actorId,
      updated_at: now,
      published_at: publishing ? now : existing.published_at,
    };
    const row: NewsItemRow = { ...existing, ...changes, search_text: '' };
    row.search_text = searchText(row);
    await this.repo.update(key, { ...changes, search_text: row.search_text });
    await this.events.publish(NEWS_CHANGED);
    return toNewsItem(row);
  }

  async remove(key: string): Promise<void> {
    const removed = await this.repo.delete(key);
    if (!removed) throw newsNotFound();
    await this.events.publish(NEWS_CHANGED);
  }

  async uploadImage(body: Buffer): Promise<{ image: string; url: string }> {
    const image = await storeNewsImage(this.storage, body, this.clock.now());
    return { image, url: `/media/${image}` };
  }

  sitemapEntries(limit: number) {
    return this.repo.listPublishedForSitemap(limit);
  }
}
