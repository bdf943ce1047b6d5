import type { DemoCategory as Category } from "~/seed/demo-categories";

export type DemoProduct = {
  name: string;
  category: Category;
  seller: string;
  price: number;
  stock: number;
  blurb: string;
};

type Row = [name: string, seller: string, price: number, stock: number, blurb: string];

const byCategory: Record<Category, Row[]> = {
  Laptops: [
    [
      "Apple MacBook Air 13 M3",
      "Apple Store",
      1099,
      14,
      "Fanless, all-day battery and a bright Liquid Retina display in a 1.24 kg aluminium body.",
    ],
    [
      "Apple MacBook Pro 14 M3 Pro",
      "Apple Store",
      1999,
      6,
      "Pro performance for code, photo and video, with a Mini-LED XDR display and HDMI, SD and MagSafe.",
    ],
    [
      "Dell XPS 15 OLED",
      "Dell Direct",
      1849.99,
      9,
      "A 15.6 inch 3.5K OLED touch display, 13th-gen Intel Core i7 and a machined aluminium chassis.",
    ],
    [
      "Lenovo ThinkPad X1 Carbon Gen 12",
      "Lenovo Business",
      1649,
      0,
      "The business ultrabook: 1.09 kg carbon-fibre lid, legendary keyboard, TrackPoint and Wi-Fi 7.",
    ],
    [
      "ASUS ROG Zephyrus G14",
      "Gamer's Den",
      1599.5,
      4,
      "Compact gaming laptop with a Ryzen 9, GeForce RTX 4070 and a 120 Hz OLED panel.",
    ],
    [
      "Acer Swift Go 14",
      "TechPlanet",
      749.99,
      22,
      "Light everyday laptop with an Intel Core Ultra 5, 16 GB RAM and a 2.8K OLED screen.",
    ],
  ],
  Electronics: [
    [
      "Samsung 55 inch QLED 4K Smart TV",
      "Samsung Official",
      699.99,
      7,
      "Quantum-dot colour, HDR10+ and Tizen smart apps; low-latency game mode.",
    ],
    [
      "Apple iPad Air 11 M2",
      "Apple Store",
      599,
      18,
      "Light tablet with the M2 chip, a Liquid Retina display and Apple Pencil Pro support.",
    ],
    [
      "Kindle Paperwhite 16 GB",
      "BookNook Electronics",
      149.99,
      40,
      "Glare-free 7 inch display, adjustable warm light and weeks of battery.",
    ],
    [
      "Google Pixel 8 Pro 128 GB",
      "TechPlanet",
      899,
      0,
      "Google's flagship phone with a pro triple camera, Tensor G3 and seven years of updates.",
    ],
    [
      "Nintendo Switch OLED",
      "Gamer's Den",
      349.99,
      12,
      "A vivid 7 inch OLED screen, wide adjustable stand and 64 GB of storage.",
    ],
    [
      "Amazon Echo Dot 5th Gen",
      "SmartHome Hub",
      49.99,
      60,
      "Compact smart speaker with clearer vocals, a temperature sensor and Alexa built in.",
    ],
  ],
  Cameras: [
    [
      "Sony Alpha 7 IV Mirrorless Camera",
      "PhotoPro",
      2499,
      3,
      "Full-frame 33 MP sensor, real-time eye autofocus and 4K 60p video.",
    ],
    [
      "Canon EOS R50 with 18-45mm Lens",
      "PhotoPro",
      679,
      11,
      "A small, light mirrorless camera for creators, with 4K video and a vari-angle touch screen.",
    ],
    [
      "Fujifilm X100VI",
      "Lens & Light",
      1599,
      0,
      "The 40 MP fixed-lens compact with in-body stabilisation and film simulations.",
    ],
    [
      "GoPro HERO12 Black",
      "Action Gear",
      399.99,
      25,
      "Waterproof action camera with 5.3K video, HyperSmooth 6.0 and HDR.",
    ],
    [
      "Nikon Z fc Retro Mirrorless",
      "Lens & Light",
      959.95,
      5,
      "Classic dials on a modern APS-C mirrorless body, with 4K video.",
    ],
    [
      "Instax Mini 12 Instant Camera",
      "Lens & Light",
      79.95,
      34,
      "Point, shoot and print credit-card-sized instant photos; automatic exposure.",
    ],
  ],
  Accessories: [
    [
      "Logitech MX Master 3S Mouse",
      "Logitech Store",
      99.99,
      45,
      "Quiet clicks, an 8K DPI sensor and the MagSpeed scroll wheel; pairs with three devices.",
    ],
    [
      "Anker 737 Power Bank 24,000 mAh",
      "ChargeIt",
      109.99,
      30,
      "140 W two-way fast charging with a smart display; charges a laptop from empty.",
    ],
    [
      "Samsung T7 Shield 2 TB Portable SSD",
      "TechPlanet",
      159.99,
      0,
      "Rugged USB-C SSD with 1,050 MB/s transfers, IP65 dust and water resistance.",
    ],
    [
      "Keychron K2 Wireless Mechanical Keyboard",
      "KeyClack",
      89,
      16,
      "A 75% layout with hot-swappable switches, Bluetooth and USB-C, Mac and Windows keycaps.",
    ],
    [
      "Apple USB-C to MagSafe 3 Cable (2 m)",
      "Apple Store",
      49,
      50,
      "Braided cable that connects a MagSafe MacBook to a USB-C power adapter.",
    ],
    [
      "Belkin 3-in-1 MagSafe Charging Stand",
      "ChargeIt",
      129.99,
      8,
      "Charges an iPhone, an Apple Watch and AirPods at once.",
    ],
  ],
  Headphones: [
    [
      "Sony WH-1000XM5 Wireless Headphones",
      "SoundWorks",
      399.99,
      13,
      "Industry-leading noise cancelling, 30-hour battery and crystal-clear calls.",
    ],
    [
      "Apple AirPods Pro (2nd generation)",
      "Apple Store",
      249,
      27,
      "Active noise cancellation, adaptive audio and a USB-C MagSafe case.",
    ],
    [
      "Bose QuietComfort Ultra Earbuds",
      "SoundWorks",
      299,
      0,
      "Immersive spatial audio and Bose's best noise cancelling in an earbud.",
    ],
    [
      "Sennheiser HD 600 Open-Back Headphones",
      "AudioPhile Corner",
      399.95,
      6,
      "The reference open-back headphones for mixing and critical listening.",
    ],
    [
      "JBL Tune 510BT On-Ear Headphones",
      "SoundWorks",
      49.95,
      70,
      "JBL Pure Bass sound, 40-hour battery and fast pairing.",
    ],
    [
      "Beyerdynamic DT 770 PRO 80 Ohm",
      "AudioPhile Corner",
      159,
      10,
      "Closed-back studio headphones built in Germany, with velour ear pads.",
    ],
  ],
  Food: [
    [
      "Café de Colombia Espresso Beans 1 kg",
      "Roastery Row",
      24.99,
      80,
      "Whole-bean single-origin coffee, dark roasted for espresso, notes of cocoa.",
    ],
    [
      "Organic Matcha Green Tea Powder 100 g",
      "Tea Garden",
      19.5,
      42,
      "Ceremonial-grade stone-ground matcha from Uji, Japan.",
    ],
    [
      "Belgian Dark Chocolate Bar Collection",
      "Chocolatier Sweets",
      32,
      0,
      "Twelve 70% cocoa bars with sea salt, orange and hazelnut.",
    ],
    [
      "Manuka Honey MGO 263+ 500 g",
      "Pure Pantry",
      44.9,
      15,
      "Raw New Zealand Manuka honey, tested and certified for MGO content.",
    ],
    ["Extra Virgin Olive Oil 1 L", "Pure Pantry", 17.99, 55, "Cold-pressed Greek olive oil from Koroneiki olives."],
    [
      "Crème Brûlée Gourmet Gift Box",
      "Chocolatier Sweets",
      38.5,
      9,
      "Six ready-to-torch crème brûlée pots with vanilla from Madagascar.",
    ],
  ],
  Books: [
    [
      "Clean Code by Robert C. Martin",
      "BookNook",
      37.99,
      23,
      "A handbook of agile software craftsmanship: naming, functions, tests and refactoring.",
    ],
    [
      "The Pragmatic Programmer, 20th Anniversary Edition",
      "BookNook",
      44.99,
      17,
      "From journeyman to master: timeless advice for software developers.",
    ],
    [
      "Designing Data-Intensive Applications",
      "Tech Reads",
      49.99,
      0,
      "The big ideas behind reliable, scalable and maintainable systems.",
    ],
    [
      "Le Petit Prince (French Edition)",
      "BookNook",
      9.99,
      64,
      "Antoine de Saint-Exupéry's classic tale, in the original French.",
    ],
    [
      "Atomic Habits by James Clear",
      "Tech Reads",
      16.99,
      88,
      "An easy and proven way to build good habits and break bad ones.",
    ],
    [
      "The Art of Electronics, 3rd Edition",
      "Tech Reads",
      119,
      4,
      "Horowitz and Hill's celebrated guide to circuit design.",
    ],
  ],
  "Clothes/Shoes": [
    [
      "Nike Air Zoom Pegasus 40 Running Shoes",
      "RunFast Sports",
      129.99,
      21,
      "Responsive ZoomX foam and a breathable mesh upper for daily miles.",
    ],
    [
      "Levi's 501 Original Fit Jeans",
      "Denim Depot",
      69.5,
      33,
      "The original button-fly jean, in a straight leg and rigid denim.",
    ],
    [
      "Patagonia Better Sweater Fleece Jacket",
      "Outdoor Outfitters",
      139,
      0,
      "A warm sweater-knit fleece made from recycled polyester.",
    ],
    [
      "Adidas Ultraboost Light",
      "RunFast Sports",
      189.99,
      12,
      "The lightest Ultraboost ever, with energy-returning Light BOOST.",
    ],
    ["Uniqlo Merino Crew Neck Sweater", "Closet Basics", 49.9, 47, "Fine extra-fine merino wool, machine washable."],
    [
      "Dr. Martens 1460 Smooth Leather Boots",
      "Denim Depot",
      169.99,
      7,
      "The original 8-eye boot with the air-cushioned sole.",
    ],
  ],
  "Beauty/Health": [
    [
      "Philips Sonicare 9900 Prestige Toothbrush",
      "Wellness World",
      299.99,
      8,
      "SenseIQ adapts to how you brush; premium charging travel case.",
    ],
    [
      "Dyson Supersonic Hair Dryer",
      "Beauty Bar",
      429,
      0,
      "Fast drying with intelligent heat control to protect shine.",
    ],
    [
      "Fitbit Charge 6 Fitness Tracker",
      "Wellness World",
      159.95,
      26,
      "Heart rate, sleep, stress and built-in GPS; works with Google apps.",
    ],
    [
      "CeraVe Moisturising Cream 454 g",
      "Beauty Bar",
      18.99,
      90,
      "With three essential ceramides and hyaluronic acid, for dry skin.",
    ],
    ["Theragun Mini Massage Gun", "Wellness World", 199, 14, "Pocket-sized percussive therapy with three speeds."],
    [
      "Omron Platinum Blood Pressure Monitor",
      "Wellness World",
      89.99,
      19,
      "Clinically validated upper-arm monitor storing 200 readings for two users.",
    ],
  ],
  Sports: [
    [
      "Wilson Evolution Indoor Basketball",
      "Court Kings",
      74.95,
      31,
      "The number one indoor game ball, with a cushion core for feel.",
    ],
    [
      "Yonex Astrox 88S Badminton Racket",
      "Court Kings",
      219,
      5,
      "A head-heavy racket for steep smashes and fast net play.",
    ],
    [
      "Bowflex SelectTech 552 Dumbbells (pair)",
      "FitHome",
      429,
      0,
      "Adjustable from 2 to 24 kg each with a turn of a dial.",
    ],
    [
      "Garmin Forerunner 265 Running Watch",
      "RunFast Sports",
      449.99,
      9,
      "AMOLED GPS running watch with training readiness and HRV status.",
    ],
    ["Manduka PRO Yoga Mat 6 mm", "FitHome", 129, 24, "Dense, lifetime-guaranteed mat with a closed-cell surface."],
    [
      "Adidas Al Rihla Pro Match Football",
      "Court Kings",
      164.99,
      12,
      "FIFA Quality Pro match ball with a thermally bonded CTR-CORE.",
    ],
  ],
  Outdoor: [
    [
      "Coleman Sundome 4-Person Tent",
      "Trail Supply",
      89.99,
      17,
      "Sets up in 10 minutes, with WeatherTec welded floors.",
    ],
    [
      "YETI Tundra 45 Hard Cooler",
      "Outdoor Outfitters",
      325,
      6,
      "Rotomolded, bear-resistant cooler that keeps ice for days.",
    ],
    [
      "Black Diamond Spot 400 Headlamp",
      "Trail Supply",
      49.95,
      0,
      "400-lumen waterproof headlamp with a red night-vision mode.",
    ],
    ["Osprey Atmos AG 65 Backpack", "Trail Supply", 340, 4, "Anti-Gravity suspension for comfort on multi-day treks."],
    [
      "Jetboil Flash Cooking System",
      "Outdoor Outfitters",
      129.95,
      20,
      "Boils half a litre of water in 100 seconds; push-button igniter.",
    ],
    [
      "Hydro Flask 32 oz Wide Mouth Bottle",
      "Trail Supply",
      44.95,
      75,
      "Insulated stainless-steel bottle: cold for 24 hours, hot for 12.",
    ],
  ],
  Home: [
    [
      "Dyson V15 Detect Cordless Vacuum",
      "HomeSmart",
      749.99,
      5,
      "A laser reveals microscopic dust; an acoustic sensor counts particles.",
    ],
    [
      "Nespresso Vertuo Next Coffee Machine",
      "Roastery Row",
      159,
      28,
      "Brews coffee and espresso at the touch of a button from barcode-read capsules.",
    ],
    [
      "iRobot Roomba j7+ Robot Vacuum",
      "HomeSmart",
      599.99,
      0,
      "Avoids obstacles like cords and empties itself for up to 60 days.",
    ],
    [
      "Philips Hue White and Colour Starter Kit",
      "SmartHome Hub",
      199.99,
      15,
      "Three smart bulbs and the Hue Bridge, 16 million colours.",
    ],
    [
      "Le Creuset Signature Cast Iron Casserole 24 cm",
      "Kitchen Crafts",
      379,
      7,
      "Enamelled cast iron that spreads and holds heat, for a lifetime of stews.",
    ],
    [
      "Instant Pot Duo 7-in-1 Pressure Cooker 5.7 L",
      "Kitchen Crafts",
      99.95,
      36,
      "Pressure cooker, slow cooker, rice cooker, steamer, sauté pan and more.",
    ],
  ],
};

export const demoProducts: DemoProduct[] = Object.entries(byCategory).flatMap(([category, rows]) =>
  rows.map(([name, seller, price, stock, blurb]) => ({
    name,
    category: category as Category,
    seller,
    price,
    stock,
    blurb,
  })),
);

export const demoReviewComments: [rating: number, comment: string][] = [
  [5, "Excellent quality, exactly as described. Would buy again."],
  [4, "Very good value for the money; delivery was quick."],
  [5, "Works perfectly, the best purchase I made this year."],
  [3, "Decent, but I expected a little more for the price."],
  [4, "Solid and well made. Packaging could be better."],
  [2, "It does the job, though mine arrived with a scratch."],
  [5, "Outstanding! My whole family loves it."],
  [4, "Great product, setup took five minutes."],
];

/** The categories a laptops-and-electronics shop opens on: their products are the newest. */
export const SHOWCASE_CATEGORIES: readonly Category[] = [
  "Laptops",
  "Electronics",
  "Cameras",
  "Headphones",
  "Accessories",
];

/**
 * The indexes of `products`, newest first, for their creation dates: the showcase categories
 * come first, taking turns (a laptop, a gadget, a camera, …), then the others in list order.
 */
export function newestFirst(products: readonly DemoProduct[]): number[] {
  const rank = (p: DemoProduct, i: number) => {
    const category = SHOWCASE_CATEGORIES.indexOf(p.category);
    if (category < 0) return [1, i];
    const turn = products.slice(0, i).filter((q) => q.category === p.category).length;
    return [0, turn * SHOWCASE_CATEGORIES.length + category];
  };
  return products
    .map((p, i) => ({ i, key: rank(p, i) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1])
    .map(({ i }) => i);
}

/** A demo product sold in variants: its options, and each combination sold with its price and stock. */
export type DemoVariants = {
  options: { name: string; values: string[] }[];
  variants: [values: string[], price: number, stock: number][];
};

// Products the demo sells in variants (by name): prices that differ ("from $89.00" on the cards),
// a combination sold out and one not made, so that the product page shows each case.
export const demoVariants: Record<string, DemoVariants> = {
  "Keychron K2 Wireless Mechanical Keyboard": {
    options: [
      { name: "Switches", values: ["Red", "Brown", "Blue"] },
      { name: "Backlight", values: ["White", "RGB"] },
    ],
    variants: [
      [["Red", "White"], 89, 6],
      [["Red", "RGB"], 99, 4],
      [["Brown", "White"], 89, 0],
      [["Brown", "RGB"], 99, 3],
      [["Blue", "White"], 89, 3],
    ],
  },
};
