/** The demo catalogue seeded on an empty database: every category and product type, each with an image. */
export interface DemoProduct {
  /** File name under ./images, e.g. 'aurora-ai-writer.jpg'. */
  image: string;
  title: string;
  price: number; // US dollars with at most 2 decimals, e.g. 49.99
  category: 'ai_tools' | 'software' | 'licenses' | 'plugins' | 'templates' | 'courses';
  product_type: 'single' | 'package' | 'subscription';
  /** A subscription's billing (docs/decisions/037-subscriptions.md): required for product_type subscription. */
  billing_interval?: 'month' | 'year';
  trial_days?: number;
  description: string; // short, one or two sentences, <= 200 chars
  detailed_description: string; // 2-4 short paragraphs separated by "\n\n", <= 1500 chars
  features: string[]; // 2 to 6 items, each <= 80 chars
  system_requirements: Record<string, string>; // 2-5 pairs
  stock_quantity: number; // integer 0..500; exactly one product is 0 (sold out)
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    image: 'aurora-ai-writer.jpg',
    title: 'Aurora AI Writer',
    price: 19.99,
    category: 'ai_tools',
    product_type: 'subscription',
    billing_interval: 'month',
    trial_days: 7,
    description: 'An AI writing assistant that drafts blog posts, emails and product copy in your brand voice. Billed monthly after a 7-day free trial.',
    detailed_description:
      'Aurora AI Writer turns a short brief into a polished first draft in seconds. Teach it your tone once with a few samples ' +
      'and every article, newsletter and product page it writes will sound like you.\n\n' +
      'Built-in templates cover more than forty formats, from SEO articles to cold outreach emails, and the rewrite panel ' +
      'lets you shorten, expand or change the tone of any paragraph with one click.\n\n' +
      'Your subscription includes all model updates, 200,000 words per month and priority support. Cancel at any time.',
    features: [
      'Brand voice profiles trained on your own samples',
      '40+ templates for articles, emails, ads and product pages',
      'One-click rewrite, shorten, expand and tone change',
      'Built-in plagiarism and readability checks',
      '200,000 words per month included',
    ],
    system_requirements: {
      OS: 'Any modern browser',
      RAM: '4 GB',
      Storage: 'Cloud-based, no install',
      Internet: 'Broadband connection required',
    },
    stock_quantity: 500,
  },
  {
    image: 'lumora-image-studio.jpg',
    title: 'Lumora Image Studio',
    price: 29,
    category: 'ai_tools',
    product_type: 'subscription',
    billing_interval: 'month',
    description: 'Generate, upscale and retouch images from text prompts, with commercial usage rights on everything you create.',
    detailed_description:
      'Lumora Image Studio brings text-to-image generation, background removal and 4x upscaling together in one clean workspace. ' +
      'Describe what you need and pick from four variations, then refine the result with inpainting.\n\n' +
      'Style presets for product shots, illustrations and social media graphics help you keep a consistent look across a campaign.\n\n' +
      'The monthly plan includes 1,500 generation credits, full commercial rights and a shared library for your team.',
    features: [
      'Text-to-image generation with four variations per prompt',
      'Inpainting, background removal and 4x upscaling',
      'Style presets for products, illustrations and social posts',
      '1,500 generation credits every month',
      'Full commercial usage rights',
    ],
    system_requirements: {
      OS: 'Any modern browser',
      RAM: '8 GB',
      Storage: 'Cloud-based, no install',
    },
    stock_quantity: 420,
  },
  {
    image: 'synapta-local-ai-toolkit.jpg',
    title: 'Synapta Local AI Toolkit',
    price: 149,
    category: 'ai_tools',
    product_type: 'single',
    description: 'Run private AI chat, document search and transcription entirely on your own computer. One-time purchase.',
    detailed_description:
      'Synapta runs open language and speech models locally, so your documents never leave your machine. ' +
      'Point it at a folder and ask questions about your contracts, notes or research papers in plain English.\n\n' +
      'The toolkit also transcribes meetings and voice memos, summarizes long PDFs and exposes a local API for your own scripts.\n\n' +
      'Your license covers one user on up to two computers and includes all updates for the 2.x release line.',
    features: [
      'Fully offline chat and document question answering',
      'Meeting and voice memo transcription',
      'Summaries of long PDFs and web pages',
      'Local REST API for scripts and automations',
      'Runs on CPU, with optional GPU acceleration',
    ],
    system_requirements: {
      OS: 'Windows 10/11, macOS 13+ or Ubuntu 22.04+',
      RAM: '16 GB (32 GB recommended)',
      Storage: '20 GB free space',
      GPU: 'Optional, 8 GB VRAM for acceleration',
    },
    stock_quantity: 150,
  },
  {
    image: 'harborline-backup-pro.jpg',
    title: 'Harborline Backup Pro',
    price: 59.99,
    category: 'software',
    product_type: 'single',
    description: 'Automatic, encrypted backups of your files to external drives, network storage or your own cloud bucket.',
    detailed_description:
      'Harborline Backup Pro protects your work without getting in the way. Choose what to back up, pick a destination ' +
      'and it keeps versioned, deduplicated copies running quietly in the background.\n\n' +
      'Every backup is encrypted with AES-256 before it leaves your computer, and you can restore a single file or a whole ' +
      'drive from any point in time.\n\n' +
      'A one-time purchase covers three computers, with free updates for the current major version.',
    features: [
      'Scheduled and continuous versioned backups',
      'AES-256 encryption before upload',
      'Backs up to USB drives, NAS or S3-compatible storage',
      'Point-in-time restore of single files or whole drives',
      'License for up to three computers',
    ],
    system_requirements: {
      OS: 'Windows 10/11 or macOS 12+',
      RAM: '4 GB',
      Storage: '500 MB free space',
    },
    stock_quantity: 240,
  },
  {
    image: 'forgeline-video-editor.jpg',
    title: 'Forgeline Video Editor',
    price: 129,
    category: 'software',
    product_type: 'single',
    description: 'A fast, multi-track video editor with color tools, motion titles and one-click export for every platform.',
    detailed_description:
      'Forgeline Video Editor is built for creators who want professional results without a steep learning curve. ' +
      'Drag clips onto an unlimited multi-track timeline, trim with ripple edits and add transitions in real time.\n\n' +
      'Color correction scopes, animated titles and automatic audio ducking are all included, and export presets ' +
      'produce the right format for video platforms, social feeds and 4K delivery.\n\n' +
      'A perpetual license with one year of free updates.',
    features: [
      'Unlimited multi-track timeline with ripple editing',
      'Hardware-accelerated 4K playback and export',
      'Color wheels, scopes and LUT support',
      'Animated title templates and automatic audio ducking',
      'Export presets for every major platform',
    ],
    system_requirements: {
      OS: 'Windows 10/11 (64-bit) or macOS 13+',
      RAM: '16 GB',
      Storage: '8 GB free space, SSD recommended',
      GPU: 'DirectX 12 or Metal compatible, 4 GB VRAM',
    },
    stock_quantity: 180,
  },
  {
    image: 'wardenly-security-suite.jpg',
    title: 'Wardenly Security Suite',
    price: 39.99,
    category: 'software',
    product_type: 'subscription',
    billing_interval: 'year',
    description: 'Antivirus, firewall, password manager and VPN for up to five devices, renewed yearly.',
    detailed_description:
      'Wardenly Security Suite combines real-time malware protection, a smart firewall and safe browsing in one lightweight app ' +
      'that barely touches your battery or performance.\n\n' +
      'The subscription also includes a password manager with breach alerts and a no-logs VPN with 10 GB of traffic per day.\n\n' +
      'One yearly plan covers up to five computers and phones, managed from a single dashboard.',
    features: [
      'Real-time malware and ransomware protection',
      'Smart firewall and safe browsing filter',
      'Password manager with data breach alerts',
      'No-logs VPN with 10 GB per day',
      'Covers up to five devices for one year',
    ],
    system_requirements: {
      OS: 'Windows 10/11, macOS 12+, Android 10+ or iOS 16+',
      RAM: '2 GB',
      Storage: '1.5 GB free space',
    },
    stock_quantity: 350,
  },
  {
    image: 'quillstone-office-lifetime-license.jpg',
    title: 'Quillstone Office Lifetime License',
    price: 89,
    category: 'licenses',
    product_type: 'single',
    description: 'A lifetime license key for the Quillstone Office suite: documents, spreadsheets and presentations, no subscription.',
    detailed_description:
      'Quillstone Office gives you a word processor, spreadsheet editor and presentation designer that open and save all common ' +
      'office formats, so sharing files with colleagues just works.\n\n' +
      'This lifetime license key activates the full suite for one computer. ' +
      'There are no monthly fees, and all 5.x updates are included.\n\n' +
      'The key is delivered by email immediately after payment, together with download links and activation instructions.',
    features: [
      'Word processor, spreadsheets and presentations',
      'Opens and saves all common office file formats',
      'One-time payment, no subscription',
      'Instant key delivery by email',
      'Free updates for the 5.x release line',
    ],
    system_requirements: {
      OS: 'Windows 10/11 or macOS 12+',
      RAM: '4 GB',
      Storage: '3 GB free space',
    },
    stock_quantity: 0,
  },
  {
    image: 'stackwise-dev-tools-team-license.jpg',
    title: 'Stackwise Dev Tools Team License',
    price: 399,
    category: 'licenses',
    product_type: 'single',
    description: 'Five developer seats for the Stackwise IDE, database client and API tester, with one year of updates.',
    detailed_description:
      'The Stackwise team license bundles the three tools most development teams reach for every day: a fast, extensible code ' +
      'editor, a visual database client and an API testing workbench.\n\n' +
      'Seats are managed from a web console, so you can reassign a license when someone joins or leaves the team in seconds.\n\n' +
      'The package includes five named seats, one year of updates and priority email support. Renew at a discounted rate.',
    features: [
      'Five seats for the IDE, database client and API tester',
      'Web console to assign and reassign seats',
      'One year of updates and priority support',
      'Discounted renewal after the first year',
    ],
    system_requirements: {
      OS: 'Windows 10/11, macOS 12+ or Linux (glibc 2.31+)',
      RAM: '8 GB',
      Storage: '4 GB free space per seat',
    },
    stock_quantity: 60,
  },
  {
    image: 'echoform-audio-plugin-bundle.jpg',
    title: 'Echoform Audio Plugin Bundle',
    price: 249,
    category: 'plugins',
    product_type: 'single',
    description: 'Twelve mixing and mastering plugins, from vintage compressors to a modern reverb, in VST3, AU and AAX formats.',
    detailed_description:
      'The Echoform bundle gives producers and mix engineers a complete toolkit: two compressors, a tape saturator, ' +
      'a linear-phase equalizer, a plate and hall reverb, a stereo delay and a transparent mastering limiter, among others.\n\n' +
      'Every plugin is tuned for low CPU use, supports sample rates up to 192 kHz and ships with presets made by working engineers.\n\n' +
      'The bundle activates on up to three computers, and all future updates for these twelve plugins are free.',
    features: [
      '12 mixing and mastering plugins in one bundle',
      'VST3, AU and AAX formats, 64-bit',
      'Over 600 presets from working engineers',
      'Low CPU use, up to 192 kHz sample rate',
      'Activate on up to three computers',
    ],
    system_requirements: {
      OS: 'Windows 10/11 or macOS 12+',
      RAM: '8 GB',
      Storage: '2 GB free space',
      Host: 'Any VST3, AU or AAX compatible DAW',
    },
    stock_quantity: 95,
  },
  {
    image: 'tintwell-color-grading-plugin.jpg',
    title: 'Tintwell Color Grading Plugin',
    price: 24.99,
    category: 'plugins',
    product_type: 'single',
    description: 'Cinematic color grading for video editors: film emulation, skin tone protection and 80 ready-made looks.',
    detailed_description:
      'Tintwell adds a focused color grading panel to your video editor. Start from one of 80 looks inspired by classic film stocks, ' +
      'then fine-tune exposure, contrast and color balance with simple sliders.\n\n' +
      'Skin tone protection keeps faces natural even under strong looks, and the built-in LUT exporter lets you reuse your grade anywhere.',
    features: [
      '80 cinematic looks and film emulations',
      'Skin tone protection for natural faces',
      'Export your grade as a standard LUT file',
      'GPU-accelerated real-time preview',
    ],
    system_requirements: {
      OS: 'Windows 10/11 or macOS 12+',
      RAM: '8 GB',
      Storage: '300 MB free space',
      Host: 'Major OFX-compatible video editors',
    },
    stock_quantity: 300,
  },
  {
    image: 'launchframe-landing-page-kit.jpg',
    title: 'Launchframe Landing Page Kit',
    price: 39,
    category: 'templates',
    product_type: 'single',
    description: 'Twenty responsive landing page templates for SaaS, apps and launches, in HTML, React and design-file formats.',
    detailed_description:
      'Launchframe helps you ship a polished landing page in an afternoon. The kit contains twenty complete page templates ' +
      'and more than 150 sections, from hero banners and pricing tables to testimonials and FAQs.\n\n' +
      'Every template comes as clean HTML with utility CSS, as React components and as an editable design file, ' +
      'with light and dark themes and full accessibility contrast checks.\n\n' +
      'Use it on unlimited personal and client projects.',
    features: [
      '20 complete landing pages and 150+ sections',
      'HTML, React and editable design-file versions',
      'Light and dark themes, fully responsive',
      'Accessible color contrast and semantic markup',
      'Unlimited personal and client projects',
    ],
    system_requirements: {
      OS: 'Any',
      RAM: '4 GB',
      Storage: '250 MB',
      Software: 'A code editor; Node.js 20+ for the React version',
    },
    stock_quantity: 450,
  },
  {
    image: 'tallyfold-finance-dashboard-template.jpg',
    title: 'Tallyfold Finance Dashboard Template',
    price: 9.99,
    category: 'templates',
    product_type: 'single',
    description: 'A ready-made spreadsheet for budgets, expenses and savings goals, with automatic charts and monthly reports.',
    detailed_description:
      'Tallyfold turns your spreadsheet app into a personal finance dashboard. Enter or paste your transactions and the template ' +
      'sorts them into categories, tracks each budget and charts your spending month by month.\n\n' +
      'Savings goals, a debt payoff planner and a yearly summary are included, and a short video walkthrough gets you set up in minutes.',
    features: [
      'Budget, expense and income tracking by category',
      'Automatic charts and monthly reports',
      'Savings goal and debt payoff planners',
      'Works in all popular spreadsheet apps',
    ],
    system_requirements: {
      OS: 'Any',
      Software: 'A desktop or web spreadsheet app',
      Storage: '5 MB',
    },
    stock_quantity: 480,
  },
  {
    image: 'brightforge-full-stack-typescript-bootcamp.jpg',
    title: 'Brightforge Full-Stack TypeScript Bootcamp',
    price: 199,
    category: 'courses',
    product_type: 'single',
    description: 'Five video courses that take you from TypeScript basics to deploying a full-stack web app, with projects.',
    detailed_description:
      'The Brightforge bootcamp bundles five courses and more than 60 hours of video into one learning path. ' +
      'You start with TypeScript fundamentals and move on to APIs, databases, front-end frameworks and testing.\n\n' +
      'Each course ends with a hands-on project, and the final capstone has you build and deploy a complete online shop.\n\n' +
      'Lifetime access, downloadable source code and a certificate of completion are included.',
    features: [
      'Five courses, 60+ hours of video',
      'Hands-on projects and a full-stack capstone',
      'Downloadable source code for every lesson',
      'Lifetime access and certificate of completion',
    ],
    system_requirements: {
      OS: 'Any modern browser',
      RAM: '4 GB',
      Storage: 'Streaming, no install',
    },
    stock_quantity: 400,
  },
  {
    image: 'promptcraft-academy-membership.jpg',
    title: 'Promptcraft Academy Membership',
    price: 14.99,
    category: 'courses',
    product_type: 'subscription',
    billing_interval: 'month',
    description: 'Monthly access to a growing library of short courses on using AI tools for writing, design, coding and research.',
    detailed_description:
      'Promptcraft Academy teaches practical AI skills in short, focused lessons you can apply the same day. ' +
      'Learn to write effective prompts, automate repetitive work and check AI output for accuracy.\n\n' +
      'New lessons are added every week, and members get live monthly workshops, downloadable prompt libraries and a private community.',
    features: [
      'Library of 30+ short courses, updated weekly',
      'Live monthly workshops with Q&A',
      'Downloadable prompt libraries and worksheets',
      'Private member community',
    ],
    system_requirements: {
      OS: 'Any modern browser',
      RAM: '4 GB',
      Storage: 'Streaming, no install',
    },
    stock_quantity: 500,
  },
];
