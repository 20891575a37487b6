import sharp from 'sharp';
import type { Storage } from '../../drivers/storage/storage';
import type { Clock } from '../../lib/clock';
import type { NewsService } from './news.service';
import { storeNewsImage } from './news-images';

const DAY = 86_400_000;

/** Abstract cover pictures (no text, so no font is needed to draw them). */
function cover(hue: number, shape: 'circles' | 'bars' | 'waves'): string {
  const base = `hsl(${hue} 62% 40%)`;
  const light = `hsl(${(hue + 24) % 360} 70% 62%)`;
  const pale = `hsl(${(hue + 48) % 360} 80% 85%)`;
  const art = {
    circles: `<circle cx="900" cy="180" r="240" fill="${light}" opacity=".55"/><circle cx="260" cy="520" r="200" fill="${pale}" opacity=".35"/><circle cx="640" cy="330" r="90" fill="#fff" opacity=".25"/>`,
    bars: `<g fill="${pale}" opacity=".55"><rect x="180" y="360" width="110" height="200" rx="18"/><rect x="340" y="260" width="110" height="300" rx="18"/><rect x="500" y="180" width="110" height="380" rx="18"/><rect x="660" y="300" width="110" height="260" rx="18"/><rect x="820" y="120" width="110" height="440" rx="18"/></g>`,
    waves: `<path d="M0 420 C 240 320 420 520 640 420 S 1040 320 1200 420 V 675 H 0 Z" fill="${light}" opacity=".6"/><path d="M0 500 C 260 430 460 600 700 500 S 1060 440 1200 520 V 675 H 0 Z" fill="${pale}" opacity=".45"/>`,
  }[shape];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675"><rect width="1200" height="675" fill="${base}"/>${art}</svg>`;
}

const ITEMS = [
  {
    daysAgo: 2,
    title: 'Exam results now reach parents by SMS, in Bangla or English',
    author: 'Batchwise team',
    type: 'Product update',
    label: 'New feature',
    art: [174, 'bars'] as const,
    description:
      "<p>Teachers can now send each student's marks to their parents in one go. Pick a classroom, choose the assessment and Batchwise writes one SMS per student with their own marks, in Bangla or English.</p><h2>How it works</h2><ol><li>Open the classroom and choose <strong>Assessments</strong>.</li><li>Select the exam and press <strong>Send results by SMS</strong>.</li><li>Check the preview and the SMS count, then send.</li></ol><p>Bangla messages use Unicode SMS, so each part carries fewer characters: the preview shows exactly how many SMS will be used before anything is sent.</p>",
  },
  {
    daysAgo: 6,
    title: 'অনলাইন ভর্তি ফর্মে এখন অভিভাবকের ফোন নম্বর ও ছবি নেওয়া যায়',
    author: 'ব্যাচওয়াইজ টিম',
    type: 'Product update',
    label: 'নতুন সুবিধা',
    art: [205, 'circles'] as const,
    description:
      '<p>ভর্তির লিংক শেয়ার করলেই শিক্ষার্থীরা ঘরে বসে ফর্ম পূরণ করতে পারে। এখন থেকে আপনি চাইলে ফর্মে শিক্ষার্থীর ছবি এবং অন্তত একজন অভিভাবকের ফোন নম্বর বাধ্যতামূলক করতে পারবেন।</p><p>একই ফোন নম্বর থেকে গত ৯০ দিনের মধ্যে আগে আবেদন এসে থাকলে ফর্মটি জানিয়ে দেয়, ফলে ভুল করে দুইবার ভর্তি হওয়ার ঝামেলা কমে।</p><ul><li>সেটিংস থেকে ছবি ও অভিভাবকের নম্বর চালু বা বন্ধ করুন।</li><li>নিজের প্রয়োজনমতো অতিরিক্ত তথ্যের ঘর যোগ করুন।</li></ul>',
  },
  {
    daysAgo: 11,
    title: 'Sentinel: parents get an SMS the moment their child walks through the gate',
    author: 'Tanvir Ahmed',
    type: 'Product',
    label: 'Sentinel',
    art: [262, 'waves'] as const,
    description:
      '<p>Sentinel turns a card tap at the gate into peace of mind. Students tap an RFID or NFC card, or show a QR code, and their parents receive an SMS with the time of entry and exit.</p><p>Attendance is recorded at the same moment, so teachers no longer call the roll in class. Schools in Dhaka and Chattogram have used it this term for more than 4,000 students.</p><blockquote>“Parents stopped calling the office to ask whether their child had arrived.” — a head teacher in Mirpur</blockquote>',
  },
  {
    daysAgo: 17,
    title: 'এসএসসি পরীক্ষার্থীদের ব্যাচ সামলানোর পাঁচটি কার্যকর উপায়',
    author: 'ফারহানা ইসলাম',
    type: 'Tips',
    label: 'পরামর্শ',
    art: [32, 'bars'] as const,
    description:
      '<p>পরীক্ষার আগের কয়েক মাস কোচিং সেন্টারের সবচেয়ে ব্যস্ত সময়। অভিজ্ঞ শিক্ষকদের সঙ্গে কথা বলে আমরা পাঁচটি সহজ উপায় সাজিয়েছি।</p><ol><li>দুর্বল ও সবল শিক্ষার্থীদের আলাদা ব্যাচে ভাগ করুন।</li><li>প্রতি সপ্তাহে ছোট মডেল টেস্ট নিন এবং ফল অভিভাবককে এসএমএসে জানান।</li><li>অনুপস্থিতি তিন দিন ছাড়ালেই অভিভাবকের সঙ্গে যোগাযোগ করুন।</li><li>ক্লাসের নোট ও ভিডিও এক জায়গায় রাখুন, যাতে কেউ পিছিয়ে না পড়ে।</li><li>মাসের শুরুতেই বেতনের রিমাইন্ডার পাঠান।</li></ol>',
  },
  {
    daysAgo: 24,
    title: 'Support hours during the Eid-ul-Adha holidays',
    author: 'Batchwise support',
    type: 'News',
    label: 'Announcement',
    art: [140, 'circles'] as const,
    description:
      '<p>Our support desk will answer messages from 10 am to 4 pm during the Eid-ul-Adha holidays. SMS sending, online payments and attendance devices keep working as usual.</p><p>For anything urgent, write to us through the <a href="/contact">contact page</a> and mention “urgent” in your message. Eid Mubarak!</p>',
  },
  {
    daysAgo: 31,
    title: 'কোচিং সেন্টারের মাসিক বেতন আদায় সহজ করবেন যেভাবে',
    author: 'ব্যাচওয়াইজ টিম',
    type: 'Guide',
    label: 'গাইড',
    art: [350, 'waves'] as const,
    description:
      '<p>খাতায় বেতনের হিসাব রাখলে মাস শেষে কে দিয়েছে আর কে দেয়নি, তা মেলাতে অনেক সময় যায়। ব্যাচওয়াইজে প্রতিটি শিক্ষার্থীর মাসভিত্তিক পেমেন্ট এক নজরে দেখা যায়।</p><p>বকেয়া থাকা শিক্ষার্থীদের অভিভাবককে এক ক্লিকে রিমাইন্ডার এসএমএস পাঠান, আর অনলাইন পে-লিংক দিয়ে বিকাশে বেতন নিন। রসিদ স্বয়ংক্রিয়ভাবে তৈরি হয়।</p>',
  },
];

/**
 * Demo news so /welcome and /blog have something to show. The demo staff sign-in (accounts seed)
 * edits them at /staff/news.
 */
export async function seedNews(deps: { news: NewsService; clock: Clock; storage: Storage }): Promise<void> {
  const { news } = deps;
  const now = deps.clock.now();
  for (const item of ITEMS) {
    const png = await sharp(Buffer.from(cover(item.art[0], item.art[1])))
      .png()
      .toBuffer();
    const image = await storeNewsImage(deps.storage, png, now);
    await news.create(
      {
        title: item.title,
        description: item.description,
        author: item.author,
        type: item.type,
        label: item.label,
        image,
        date: now - item.daysAgo * DAY,
        status: 'published',
      },
      null,
    );
  }
}
