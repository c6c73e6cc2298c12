// Text the demo calls are made of: a customer-support bot for an online store ("Northwind Goods")
// that answers questions, searches its help centre, classifies intents and escalates to humans.

export const CUSTOMERS = [
  { name: "Amara Okafor", tier: "gold", locale: "en-GB" },
  { name: "Lukas Schmidt", tier: "standard", locale: "de-DE" },
  { name: "Sofía Ramírez", tier: "standard", locale: "es-MX" },
  { name: "Haruto Sato", tier: "platinum", locale: "ja-JP" },
  { name: "Chloé Martin", tier: "gold", locale: "fr-FR" },
  { name: "Priya Nair", tier: "standard", locale: "en-IN" },
  { name: "Mateus Silva", tier: "standard", locale: "pt-BR" },
  { name: "Grace Kim", tier: "gold", locale: "en-US" },
  { name: "Oskar Nowak", tier: "standard", locale: "pl-PL" },
  { name: "Fatima Zahra", tier: "platinum", locale: "ar-MA" },
  { name: "Daniel O'Brien", tier: "standard", locale: "en-IE" },
  { name: "Mei Lin", tier: "gold", locale: "zh-CN" },
] as const;

export const PRODUCTS = [
  "Aeropress coffee maker",
  "merino wool throw",
  "cast-iron skillet (26 cm)",
  "noise-cancelling headphones",
  "standing desk frame",
  "ceramic pour-over set",
  "linen duvet cover (king)",
  "smart plug 4-pack",
  "trail running shoes",
  "kids' rain jacket",
] as const;

export const REFUND_QUESTIONS = [
  "I returned the {product} two weeks ago and still haven't seen my refund. Order {order}. What's going on?",
  "Hi, the {product} arrived damaged (the box was crushed). Can I get my money back instead of a replacement?",
  "Why was I only refunded part of the price for order {order}? I sent everything back in the original packaging.",
  "I was charged twice for the {product}. Please refund the duplicate charge.",
  "Can I return the {product} after 35 days? It stopped working and I didn't know about the 30-day window.",
  "your refund policy is a joke. order {order}, {product}, returned a MONTH ago. where is my money",
  "The courier says my return for {order} was delivered to your warehouse on the 3rd. How long until the refund shows?",
  "I'd like to cancel order {order} before it ships and get a full refund please.",
  "Do you refund the original shipping cost if the {product} was faulty?",
  "My bank says the refund for {order} was sent to a card that's been cancelled. What happens now?",
] as const;

export const POLICY_QUESTIONS = [
  "Can you make an exception to the return window for order {order}? I was in hospital.",
  "I want to speak to a manager about order {order}. This is the third time I'm asking.",
  "Is it legal for you to keep my restocking fee for the {product}?",
  "I'm going to dispute the charge with my bank if this isn't fixed today.",
  "Your agent promised me a 20% discount code on the phone last week. I never got it.",
] as const;

export const FACT_QUESTIONS = [
  "Does the {product} come with a warranty, and how long is it?",
  "Is the {product} dishwasher safe?",
  "Do you ship to the Canary Islands, and are there customs fees?",
  "What's the difference between standard and express delivery to Ireland?",
  "Can I change the delivery address after the order has been dispatched?",
] as const;

export const ANSWERS = [
  "I'm sorry for the wait. Your return for {order} reached our warehouse and the refund of {amount} was issued today; banks usually take 3–5 business days to show it.",
  "Thanks for letting us know, and sorry the {product} arrived damaged. I've started a full refund of {amount} to your original payment method — no need to send the item back.",
  "I understand the frustration. The partial refund reflects the return shipping label cost ({fee}). Because the item was faulty, I've refunded that fee as well.",
  "I can see two charges for {order}. The second one was an authorisation hold that drops off automatically within 7 days; if it doesn't, reply here and we'll refund it manually.",
  "Our standard return window is 30 days, but faulty items are covered by the 2-year warranty. I've opened a warranty claim for your {product}.",
  "Your order {order} hasn't shipped yet, so I've cancelled it. The full refund of {amount} is on its way.",
  "Refunds to a cancelled card are redirected by your bank to the new card on the same account. If that hasn't happened in 10 days, we can send it by bank transfer.",
  "Per our policy, Northwind refunds original shipping when an item is faulty. I've added {fee} to your refund.",
] as const;

export const TONES = ["empathetic", "neutral", "apologetic", "curt", "overly formal", "friendly"] as const;

export const KB_ARTICLES = [
  {
    id: "kb-104",
    title: "Refund timelines by payment method",
    snippet:
      "Card refunds appear within 3–5 business days after the return is scanned at the warehouse. PayPal refunds are instant.",
  },
  {
    id: "kb-117",
    title: "Returning damaged or faulty items",
    snippet:
      "Customers may choose a refund or replacement. Faulty items do not need to be returned if the value is under 50 EUR.",
  },
  {
    id: "kb-121",
    title: "30-day return window and exceptions",
    snippet: "Exceptions require team-lead approval and must be logged with the reason code EXC-30.",
  },
  {
    id: "kb-133",
    title: "Duplicate charges and authorisation holds",
    snippet: "Authorisation holds are released by the issuing bank within 7 days and are not actual charges.",
  },
  {
    id: "kb-140",
    title: "Restocking fees",
    snippet:
      "A 10% restocking fee applies to opened electronics unless the item is faulty. Fees are never charged in the EU for distance sales withdrawals.",
  },
  {
    id: "kb-152",
    title: "Shipping costs on returns",
    snippet: "Original shipping is refunded when the item is faulty or was sent in error.",
  },
  {
    id: "kb-160",
    title: "Escalation matrix",
    snippet: "Chargeback threats, legal questions and repeated contacts (3+) go to the Tier 2 queue within 1 hour.",
  },
  {
    id: "kb-171",
    title: "Warranty coverage",
    snippet:
      "All electrical items carry a 2-year manufacturer warranty; cookware carries a lifetime warranty against cracking.",
  },
] as const;

/** A long policy text, for calls whose inputs carry a whole document. */
export const LONG_POLICY = [
  "Northwind Goods — Returns and Refunds Policy (internal agent edition, revision 14)",
  "",
  "1. Scope. This policy applies to every order placed on northwindgoods.example, in the mobile app, or by phone. Marketplace orders fulfilled by third parties follow the seller's policy, which agents must look up in the seller console before promising anything.",
  "2. Return window. Customers may return most items within 30 days of delivery. The window starts on the delivery scan, not the order date. For orders delivered in several parcels, each parcel has its own window. Agents may extend the window by up to 14 days without approval when the customer contacted us inside the window.",
  "3. Condition. Items must be unused and in their original packaging, except when faulty. Opened electronics carry a 10% restocking fee outside the EU. Hygiene products (earbuds tips, bedding sealed in plastic) cannot be returned once opened unless faulty.",
  "4. Faulty items. A faulty item may be refunded, replaced or repaired at the customer's choice. If the item's value is below 50 EUR (or local equivalent), do not ask for it back. Ask for a photo only when the fault is visible.",
  "5. Refund timing. Refunds are issued when the return is scanned at the warehouse, or immediately for items we do not need back. Card refunds take 3–5 business days; bank transfers up to 10. Never promise a date the bank controls.",
  "6. Shipping costs. Original shipping is refunded when the item is faulty or was sent in error. Return shipping is free with the prepaid label; customers who use their own courier are reimbursed up to 8 EUR against a receipt.",
  "7. Exceptions and escalation. Requests outside this policy, threats of chargebacks or legal action, and third contacts about the same issue go to Tier 2 with reason code EXC-30 or ESC-3. Do not argue about the law: acknowledge, escalate, and tell the customer when they will hear back.",
  "8. Tone. Apologise once, specifically. Avoid blaming the courier or the customer's bank. Use the customer's name, keep answers under 120 words, and end with a clear next step.",
].join("\n");

export const EXCEPTIONS = [
  "openai.RateLimitError: Error code: 429 - {'error': {'message': 'Rate limit reached for gpt-4o-mini in organization org-demo on tokens per min (TPM): Limit 200000, Used 199812, Requested 1420.', 'type': 'tokens', 'code': 'rate_limit_exceeded'}}",
  "TimeoutError: retriever.search did not answer within 10.0 s (index 'helpcentre-v7', shard 3)",
  "pydantic_core._pydantic_core.ValidationError: 1 validation error for AnswerWithCitations\ncitations.0.doc_id\n  Field required [type=missing, input_value={'title': 'Refund timelines'}, input_type=dict]",
  "KeyError: 'order_id'",
  "httpx.ConnectError: [Errno 111] Connection refused (orders-api.internal:8443)",
] as const;

export const ESCALATION_REASONS = [
  "chargeback threat",
  "legal question",
  "third contact",
  "exception request",
  "abusive language",
] as const;

export const INTENTS = [
  "refund_status",
  "damaged_item",
  "duplicate_charge",
  "return_window",
  "cancel_order",
  "shipping_question",
  "warranty",
  "complaint",
] as const;

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}
