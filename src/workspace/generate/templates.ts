/**
 * What people say in the generated transcripts: every line comes from a labelled template, so what was said is
 * known. A topic is a label, a description (what the "data insights" table would call it) and its phrasings;
 * `{slot}` marks are filled per interaction (generate/transcript.ts).
 */

export interface Topic {
  /** Stable id, stored with every line that uses it: `complaint.refund.slow`. */
  label: string;
  description: string;
  lines: readonly string[];
}

const topic = (label: string, description: string, ...lines: string[]): Topic => ({
  label,
  description,
  lines,
});

/** Why the customer got in touch, per call driver: the opening request. */
export const CONTACT_REASONS: Record<string, readonly Topic[]> = {
  "payment issue": [
    topic(
      "reason.payment-issue.declined",
      "Card payment declined",
      "My card keeps getting declined when I try to pay {product_the}.",
      "I tried to pay twice today and both payments were declined.",
    ),
    topic(
      "reason.payment-issue.double-charge",
      "Charged twice for one payment",
      "I was charged twice for the same payment of {amount}.",
      "There are two payments of {amount} on my statement and I only made one.",
    ),
    topic(
      "reason.payment-issue.failed-autopay",
      "Automatic payment failed",
      "My automatic payment failed this month and now I have a late notice.",
      "The direct debit didn't go through and I don't know why.",
    ),
  ],
  "billing dispute": [
    topic(
      "reason.billing-dispute.unknown-charge",
      "Charge the customer does not recognise",
      "There's a charge of {amount} on my bill that I don't recognise.",
      "I want to dispute a charge of {amount} on my last statement.",
    ),
    topic(
      "reason.billing-dispute.higher-bill",
      "Bill higher than expected",
      "My bill is much higher than usual this month and nothing changed on my side.",
      "Why is my bill {amount} more than last month?",
    ),
    topic(
      "reason.billing-dispute.fee",
      "Fee the customer disputes",
      "I was charged a {fee} and I don't think it's fair.",
      "Can you explain this {fee}? I want it removed.",
    ),
  ],
  "delivery delay": [
    topic(
      "reason.delivery-delay.late",
      "Order arrived late or not yet",
      "My order was supposed to arrive {days} days ago and it still isn't here.",
      "The tracking hasn't moved in days and my {item} is late.",
    ),
    topic(
      "reason.delivery-delay.missed-date",
      "Missed a promised delivery date",
      "I paid for express delivery and it missed the date.",
      "It was promised for Tuesday and nothing came.",
    ),
  ],
  "missing item": [
    topic(
      "reason.missing-item.not-in-box",
      "Item missing from the package",
      "The box arrived but the {item} wasn't in it.",
      "Half of my order is missing, the {item} never came.",
    ),
    topic(
      "reason.missing-item.marked-delivered",
      "Marked delivered but not received",
      "The tracking says delivered but I never got the package.",
      "It shows as delivered yesterday and there's nothing at my door.",
    ),
  ],
  "damaged item": [
    topic(
      "reason.damaged-item.broken",
      "Item arrived broken",
      "My {item} arrived broken.",
      "The {item} was cracked when I opened the box.",
    ),
    topic(
      "reason.damaged-item.packaging",
      "Damaged by poor packaging",
      "The package was crushed and the {item} inside is damaged.",
      "There was no padding at all and the {item} is scratched.",
    ),
  ],
  "wrong item": [
    topic(
      "reason.wrong-item.different-product",
      "Received a different product",
      "I ordered a {item} and got something completely different.",
      "You sent me the wrong {item}.",
    ),
    topic(
      "reason.wrong-item.wrong-size",
      "Wrong size or colour",
      "The {item} came in the wrong size.",
      "I ordered the blue one and the {item} is red.",
    ),
  ],
  "account access": [
    topic(
      "reason.account-access.locked",
      "Account locked",
      "My account is locked and I can't log in.",
      "I've been locked out of my account since this morning.",
    ),
    topic(
      "reason.account-access.password-reset",
      "Password reset not working",
      "The password reset email never arrives.",
      "I reset my password and it still says the password is wrong.",
    ),
    topic(
      "reason.account-access.pin",
      "PIN or two-factor code problems",
      "I'm not getting the security code by text.",
      "I changed my phone number and now I can't get the login code.",
    ),
  ],
  "order status": [
    topic(
      "reason.order-status.where",
      "Where is my order",
      "I'd like to know where my order is.",
      "Can you tell me when my {item} will ship?",
    ),
    topic(
      "reason.order-status.tracking",
      "Tracking number not working",
      "The tracking number you sent doesn't work.",
      "I never got a tracking number for my order.",
    ),
  ],
  refund: [
    topic(
      "reason.refund.not-received",
      "Refund not received",
      "I returned my {item} weeks ago and I still haven't got my refund.",
      "I was promised a refund of {amount} and it never arrived.",
    ),
    topic(
      "reason.refund.request",
      "Wants a refund",
      "I'd like a refund for {product_the}.",
      "I want my money back for the {item}.",
    ),
    topic(
      "reason.refund.partial",
      "Refund amount wrong",
      "I only got part of my refund, {amount} is missing.",
      "The refund was less than what I paid.",
    ),
  ],
  "return request": [
    topic(
      "reason.return-request.start",
      "Wants to return an item",
      "I'd like to return the {item} I bought.",
      "How do I send back the {item}?",
    ),
    topic(
      "reason.return-request.label",
      "Return label problems",
      "The return label won't print.",
      "I never received the return label you promised.",
    ),
    topic(
      "reason.return-request.exchange",
      "Wants an exchange",
      "Can I exchange the {item} for a different size?",
      "I'd rather swap the {item} than get a refund.",
    ),
  ],
  cancellation: [
    topic(
      "reason.cancellation.too-expensive",
      "Cancelling because it is too expensive",
      "I want to cancel, it's just too expensive now.",
      "I'd like to close my {product}, I can't afford it anymore.",
    ),
    topic(
      "reason.cancellation.moving",
      "Cancelling because of a move",
      "I'm moving abroad so I need to cancel my {product}.",
      "We're moving and won't need the {product} anymore.",
    ),
    topic(
      "reason.cancellation.unhappy",
      "Cancelling after bad service",
      "After everything that went wrong I want to cancel.",
      "I'm done, please close my {product}.",
    ),
  ],
  "plan change": [
    topic(
      "reason.plan-change.upgrade",
      "Wants to upgrade the plan",
      "I'd like to upgrade to a bigger plan.",
      "Can I move to the premium tier?",
    ),
    topic(
      "reason.plan-change.downgrade",
      "Wants to downgrade the plan",
      "I want to downgrade my plan, I don't use half of it.",
      "Please move me to the cheaper plan.",
    ),
  ],
  "technical issue": [
    topic(
      "reason.technical-issue.no-connection",
      "Service not connecting",
      "My connection keeps dropping every few minutes.",
      "The service hasn't worked properly since the update.",
    ),
    topic(
      "reason.technical-issue.error",
      "Error message",
      "I keep getting an error when I try to use it.",
      "It shows an error code and then closes.",
    ),
    topic(
      "reason.technical-issue.slow",
      "Slow performance",
      "Everything is really slow since last week.",
      "The speed is nowhere near what I pay for.",
    ),
  ],
  "service outage": [
    topic(
      "reason.service-outage.down",
      "Service down in the area",
      "The service is down in my area again.",
      "We've had no service since this morning.",
    ),
    topic(
      "reason.service-outage.eta",
      "Wants to know when service returns",
      "When will the service be back?",
      "Is there an estimate for the outage being fixed?",
    ),
  ],
  fraud: [
    topic(
      "reason.fraud.unknown-transaction",
      "Transactions the customer did not make",
      "There are transactions on my card that I didn't make.",
      "Someone spent {amount} on my account and it wasn't me.",
    ),
    topic(
      "reason.fraud.phishing",
      "Responded to a phishing message",
      "I think I gave my details to a fake message.",
      "I clicked a link in a text that said it was you.",
    ),
  ],
  "card replacement": [
    topic(
      "reason.card-replacement.lost",
      "Lost card",
      "I lost my card and need a new one.",
      "My card is gone, I think I left it at a shop.",
    ),
    topic(
      "reason.card-replacement.stolen",
      "Stolen card",
      "My wallet was stolen with my card in it.",
      "My card was stolen last night.",
    ),
    topic(
      "reason.card-replacement.damaged",
      "Damaged card",
      "My card stopped working, the chip is damaged.",
      "The card is bent and the machines won't read it.",
    ),
  ],
  "booking change": [
    topic(
      "reason.booking-change.date",
      "Wants to change the travel date",
      "I need to change the date of my {product}.",
      "Can I move my {product} to next week?",
    ),
    topic(
      "reason.booking-change.cancelled-flight",
      "Flight or booking cancelled by us",
      "My {product} was cancelled and I need a new one.",
      "You cancelled my {product} and I need to rebook.",
    ),
    topic(
      "reason.booking-change.name",
      "Name correction on a booking",
      "There's a typo in the name on my {product}.",
      "The name on the booking is wrong.",
    ),
  ],
  "loyalty program": [
    topic(
      "reason.loyalty-program.points-missing",
      "Loyalty points not credited",
      "My loyalty points from my last purchase never showed up.",
      "I'm missing about {points} points.",
    ),
    topic(
      "reason.loyalty-program.redeem",
      "Cannot redeem points",
      "I can't redeem my points for anything.",
      "The rewards page won't let me use my points.",
    ),
    topic(
      "reason.loyalty-program.tier",
      "Lost or wrong membership tier",
      "I lost my gold status and I don't know why.",
      "My membership tier dropped for no reason.",
    ),
  ],
  activation: [
    topic(
      "reason.activation.sim",
      "SIM or eSIM will not activate",
      "My new SIM won't activate.",
      "I can't get the eSIM to activate on my new phone.",
    ),
    topic(
      "reason.activation.device",
      "New device or line not working",
      "I got the new device but it isn't working yet.",
      "The new line still says it's not active.",
    ),
  ],
  "insurance claim": [
    topic(
      "reason.insurance-claim.status",
      "Wants the status of a claim",
      "I'm calling about the status of my claim.",
      "I filed a claim {days} days ago and heard nothing.",
    ),
    topic(
      "reason.insurance-claim.new",
      "Filing a new claim",
      "I need to file a claim, my car was damaged.",
      "I want to make a claim for water damage.",
    ),
    topic(
      "reason.insurance-claim.denied",
      "Claim denied",
      "My claim was denied and I don't understand why.",
      "You rejected my claim and I want to appeal.",
    ),
  ],
  "meter reading": [
    topic(
      "reason.meter-reading.estimated",
      "Bill based on an estimated reading",
      "My bill is based on an estimate again.",
      "You estimated my reading and it's way too high.",
    ),
    topic(
      "reason.meter-reading.submit",
      "Wants to submit a reading",
      "I'd like to give you my meter reading.",
      "The website won't accept my meter reading.",
    ),
  ],
  "loan application": [
    topic(
      "reason.loan-application.status",
      "Wants the status of an application",
      "I applied for a loan and want to know where it is.",
      "What's happening with my mortgage application?",
    ),
    topic(
      "reason.loan-application.documents",
      "Questions about documents",
      "Which documents do you still need for my application?",
      "I sent my payslips twice already.",
    ),
  ],
};

/** What the customer is unhappy about, per call driver (the reasons behind negative sentiment). */
export const COMPLAINTS: Record<string, readonly Topic[]> = {
  "payment issue": [
    topic(
      "complaint.payment-issue.no-explanation",
      "No explanation for the declined payment",
      "Nobody can tell me why the payment fails.",
      "I just want to know why it keeps failing.",
    ),
    topic(
      "complaint.payment-issue.late-fee",
      "Charged a late fee for a failed payment",
      "Now you've charged me a late fee for your own error.",
      "It's not my fault the payment failed and I still got a late fee.",
    ),
  ],
  "billing dispute": [
    topic(
      "complaint.billing-dispute.unexplained",
      "Charges nobody explains",
      "Nobody has explained what this charge is for.",
      "Every time I call I get a different explanation for the bill.",
    ),
    topic(
      "complaint.billing-dispute.repeat",
      "Same billing error again",
      "This is the third month in a row the bill is wrong.",
      "You promised this was fixed last time.",
    ),
    topic(
      "complaint.billing-dispute.fees",
      "Unfair fees",
      "These fees are just not fair.",
      "I'm paying fees I never agreed to.",
    ),
  ],
  "delivery delay": [
    topic(
      "complaint.delivery-delay.no-updates",
      "No updates on the delivery",
      "Nobody tells me anything about where it is.",
      "The tracking hasn't updated and no one called me.",
    ),
    topic(
      "complaint.delivery-delay.needed-it",
      "Needed the item by a date",
      "I needed it for a birthday and now it's too late.",
      "I paid extra so it would be here on time.",
    ),
    topic(
      "complaint.delivery-delay.courier",
      "Courier problems",
      "The courier never even tried to deliver it.",
      "The driver left a note but I was home all day.",
    ),
  ],
  "missing item": [
    topic(
      "complaint.missing-item.no-proof",
      "Asked to prove the item is missing",
      "Why do I have to prove something that never arrived?",
      "You keep asking me for photos of an empty box.",
    ),
    topic(
      "complaint.missing-item.slow-replacement",
      "Replacement takes too long",
      "The replacement will take another two weeks.",
      "I shouldn't have to wait again for something I already paid for.",
    ),
  ],
  "damaged item": [
    topic(
      "complaint.damaged-item.replacement-process",
      "Replacement process is a hassle",
      "The replacement process is a nightmare, I have to send it back first.",
      "Why do I need to print labels and go to the post office for your mistake?",
    ),
    topic(
      "complaint.damaged-item.quality",
      "Poor quality",
      "The quality is terrible for what I paid.",
      "It feels cheap and it broke straight away.",
    ),
  ],
  "wrong item": [
    topic(
      "complaint.wrong-item.again",
      "Wrong item sent again",
      "This is the second time you've sent the wrong one.",
      "You sent the wrong item again.",
    ),
    topic(
      "complaint.wrong-item.return-cost",
      "Has to pay to return it",
      "I shouldn't have to pay to send back your mistake.",
      "Why is the return postage on me?",
    ),
  ],
  "account access": [
    topic(
      "complaint.account-access.security-questions",
      "Security questions too hard",
      "Your security questions are impossible.",
      "I don't remember answers I set ten years ago.",
    ),
    topic(
      "complaint.account-access.app-reset",
      "App password reset does not work",
      "I already tried to reset my password in the app and it didn't work.",
      "The app reset link just loops back to the login.",
    ),
  ],
  "order status": [
    topic(
      "complaint.order-status.no-tracking",
      "No tracking information",
      "There's no tracking information at all.",
      "I can't see where my order is.",
    ),
    topic(
      "complaint.order-status.conflicting",
      "Conflicting information",
      "The website says one thing and the email says another.",
      "I was told it shipped but the site says processing.",
    ),
  ],
  refund: [
    topic(
      "complaint.refund.slow",
      "Refund taking longer than promised",
      "I was told five days and it's been two weeks.",
      "It's taking forever to get my money back.",
    ),
    topic(
      "complaint.refund.different-answers",
      "Different answers from different agents",
      "Every agent tells me something different about my refund.",
      "The last person said it was processed and now you say it isn't.",
    ),
    topic(
      "complaint.refund.promised-not-received",
      "Promised refund never received",
      "You promised me a refund and it never came.",
      "I was promised a refund on my last call and nothing happened.",
    ),
  ],
  "return request": [
    topic(
      "complaint.return-request.complicated",
      "Returns process too complicated",
      "Your returns process is far too complicated.",
      "I had to fill in three forms just to send it back.",
    ),
    topic(
      "complaint.return-request.clearance",
      "Clearance item cannot be returned",
      "Nobody told me clearance items can't be returned.",
      "That's ridiculous, it says final sale nowhere on the page.",
    ),
  ],
  cancellation: [
    topic(
      "complaint.cancellation.hard-to-cancel",
      "Hard to cancel",
      "Why is it so hard to cancel?",
      "I've been trying to cancel for weeks.",
    ),
    topic(
      "complaint.cancellation.price-rise",
      "Price went up",
      "The price went up again without warning.",
      "You raised the price twice this year.",
    ),
  ],
  "plan change": [
    topic(
      "complaint.plan-change.fee",
      "Charged to change the plan",
      "Why is there a fee to change my plan?",
      "I shouldn't pay to switch plans.",
    ),
    topic(
      "complaint.plan-change.not-applied",
      "Change not applied",
      "I changed my plan last month and I'm still billed the old price.",
      "The upgrade never went through.",
    ),
  ],
  "technical issue": [
    topic(
      "complaint.technical-issue.repeat",
      "Problem keeps coming back",
      "This is the fourth time I'm calling about this.",
      "It was supposedly fixed last week and it's back.",
    ),
    topic(
      "complaint.technical-issue.scripted",
      "Scripted troubleshooting",
      "I've already restarted everything, please don't ask me again.",
      "I keep being told to turn it off and on.",
    ),
  ],
  "service outage": [
    topic(
      "complaint.service-outage.no-notice",
      "No notice about the outage",
      "Nobody told us there would be an outage.",
      "I had to find out from my neighbours.",
    ),
    topic(
      "complaint.service-outage.work",
      "Cannot work during the outage",
      "I work from home and I lost a whole day.",
      "I can't work without the service.",
    ),
  ],
  fraud: [
    topic(
      "complaint.fraud.slow-block",
      "Card not blocked fast enough",
      "Why wasn't the card blocked straight away?",
      "The money kept going out while I waited.",
    ),
    topic(
      "complaint.fraud.money-back",
      "Worried about getting the money back",
      "I just want to know I'll get my money back.",
      "That's my rent money.",
    ),
  ],
  "card replacement": [
    topic(
      "complaint.card-replacement.slow-delivery",
      "New card takes too long",
      "Ten days for a new card is too long.",
      "I can't pay for anything until it arrives.",
    ),
    topic(
      "complaint.card-replacement.fee",
      "Charged for a replacement",
      "Why am I charged for a new card?",
      "A replacement fee on top of losing my card?",
    ),
  ],
  "booking change": [
    topic(
      "complaint.booking-change.rebooking-fee",
      "Rebooking fee",
      "I'm not paying a rebooking fee when you cancelled the flight.",
      "The rebooking fee is more than the ticket.",
    ),
    topic(
      "complaint.booking-change.no-options",
      "No good alternatives offered",
      "The only options you give me are days later.",
      "None of the new times work for me.",
    ),
  ],
  "loyalty program": [
    topic(
      "complaint.loyalty-program.expired",
      "Points expired",
      "My points expired without any warning.",
      "I lost thousands of points overnight.",
    ),
    topic(
      "complaint.loyalty-program.value",
      "Rewards not worth much",
      "The rewards are worth almost nothing now.",
      "You devalued the points again.",
    ),
  ],
  activation: [
    topic(
      "complaint.activation.no-service",
      "Without service while waiting",
      "I've been without a phone for two days.",
      "I can't make calls until this is activated.",
    ),
    topic(
      "complaint.activation.instructions",
      "Instructions unclear",
      "The instructions in the box make no sense.",
      "The setup guide skips half the steps.",
    ),
  ],
  "insurance claim": [
    topic(
      "complaint.insurance-claim.slow",
      "Claim takes too long",
      "My claim has been open for weeks.",
      "Nobody is moving my claim forward.",
    ),
    topic(
      "complaint.insurance-claim.paperwork",
      "Too much paperwork",
      "You keep asking for the same documents.",
      "I've sent the photos three times.",
    ),
  ],
  "meter reading": [
    topic(
      "complaint.meter-reading.estimates",
      "Estimated bills too high",
      "Your estimates are always too high.",
      "I'm paying for energy I didn't use.",
    ),
    topic(
      "complaint.meter-reading.no-visit",
      "Meter reader never came",
      "The meter reader never showed up.",
      "I took a day off for the visit and nobody came.",
    ),
  ],
  "loan application": [
    topic(
      "complaint.loan-application.slow",
      "Application takes too long",
      "I applied a month ago and I'm still waiting.",
      "The sellers won't wait forever.",
    ),
    topic(
      "complaint.loan-application.documents",
      "Documents requested again",
      "You've asked for the same payslips again.",
      "I already uploaded everything.",
    ),
  ],
};

/** Lines that are not about one driver: events, agent actions, tones. Looked up by label. */
export const LINES: Record<string, Topic> = Object.fromEntries(
  [
    topic(
      "agent.greeting",
      "Agent greeting",
      "Thank you for calling, this is {agent}. How can I help you today?",
      "Hi, you're speaking with {agent}. What can I do for you?",
      "Good {daypart}, {agent} here. How can I help?",
    ),
    topic(
      "agent.greeting-chat",
      "Agent greeting in chat",
      "Hi, I'm {agent} from the support team. How can I help?",
      "Hello! {agent} here, what can I help you with today?",
    ),
    topic(
      "agent.greeting-name",
      "Agent greets the customer by name",
      "Hi {customer}, thanks for getting in touch, this is {agent}.",
      "Good {daypart} {customer}, {agent} speaking. How can I help?",
    ),
    topic(
      "agent.verify-identity",
      "Agent verifies the customer's identity",
      "Before we go on, can you confirm your full name and date of birth?",
      "For security, could you give me the last four digits of your card and your postcode?",
      "I just need to verify your identity first: can you confirm the email on the account?",
    ),
    topic(
      "customer.verify-answer",
      "Customer gives security details",
      "Sure, it's {customer}, born in {year}.",
      "Yes, the last four are {digits}.",
      "It's the one ending in {digits}.",
    ),
    topic(
      "customer.refuse-security",
      "Customer refuses to give security details",
      "I'm not giving you my details, how do I know this is really the bank?",
      "No, I'm not telling you my date of birth over the phone after what happened.",
      "Why do you need all that? I'm not comfortable sharing it.",
    ),
    topic(
      "agent.handle-refusal",
      "Agent handles a refusal to give security details",
      "I understand. You can also verify in the app, and I'll stay on the line while you do.",
      "That's a fair concern. I'll never ask for your PIN; I only need the postcode to find the account.",
    ),
    topic(
      "agent.disclosure",
      "Agent reads the required disclosure",
      "Just so you know, this call is recorded for quality and training.",
      "Before we continue, I have to let you know this conversation may be recorded.",
    ),
    topic(
      "agent.apology",
      "Agent apologises",
      "I'm really sorry about that.",
      "I apologise for the trouble this has caused.",
      "Sorry to hear that, that's not the experience we want you to have.",
    ),
    topic(
      "agent.empathy",
      "Agent acknowledges the customer's feelings",
      "I completely understand how frustrating that must be.",
      "I can hear this has been stressful, let's sort it out together.",
      "That sounds really annoying, I'd feel the same.",
    ),
    topic(
      "agent.explain-refund-timeline",
      "Agent explains how long a refund takes",
      "Refunds go back to the original payment method within five to seven business days once the item is checked.",
      "Once the warehouse receives it, the refund takes about a week to show on your statement.",
    ),
    topic(
      "agent.explain-fee",
      "Agent explains a disputed fee",
      "That {fee} is applied when the account goes over its limit; I can see why it was charged.",
      "The {fee} comes from the terms you agreed to, but let me see what I can do.",
    ),
    topic(
      "agent.explain-declined-payment",
      "Agent explains why a card payment was declined",
      "The payment was declined because the card's security check failed at your bank.",
      "It looks like the card was declined by the issuer, usually because of the daily limit.",
    ),
    topic(
      "agent.explain-fare-difference",
      "Agent explains a fare difference",
      "The new flight is in a higher fare class, so there's a fare difference of {amount}.",
      "Changing to that date means paying the fare difference of {amount}.",
    ),
    topic(
      "agent.explain-bill",
      "Agent explains the bill",
      "Your bill went up because the promotional discount ended last month.",
      "That charge is for the usage above your plan's allowance.",
    ),
    topic(
      "agent.offer-compensation",
      "Agent offers compensation",
      "As an apology I can add a credit of {amount} to your account.",
      "I'd like to offer you {amount} in compensation for the trouble.",
    ),
    topic(
      "agent.offer-replacement",
      "Agent offers a replacement",
      "I'll send you a replacement straight away, no need to wait for the return.",
      "Let me ship a new {item} today at no cost.",
    ),
    topic(
      "agent.retention-offer",
      "Agent makes a retention offer",
      "Before you go, I can offer you three months at half price.",
      "If you stay, I can move you to a plan that's {amount} cheaper a month.",
      "We'd hate to lose you, how about a free upgrade for six months?",
    ),
    topic(
      "agent.promise-callback",
      "Agent promises a callback",
      "I'll call you back by {weekday} with an update.",
      "I'll look into it and call you back tomorrow afternoon.",
      "Someone from the team will call you back within 48 hours.",
    ),
    topic(
      "agent.hold",
      "Agent puts the customer on hold",
      "Let me put you on a brief hold while I check that.",
      "Can I place you on hold for a couple of minutes?",
    ),
    topic(
      "agent.back-from-hold",
      "Agent returns from hold",
      "Thanks for holding, {customer}.",
      "Thank you for waiting, I'm back.",
    ),
    topic(
      "agent.transfer",
      "Agent transfers the customer",
      "I'm going to transfer you to our {team} team, they can help with this.",
      "This needs our {team} team, I'll transfer you now.",
    ),
    topic(
      "agent.escalate",
      "Agent escalates to a supervisor",
      "I'll get my supervisor on the line for you.",
      "Let me escalate this to my manager.",
    ),
    topic(
      "agent.calm-down",
      "Agent calms an abusive customer",
      "I want to help you, but I need us to keep this respectful.",
      "I understand you're upset; let's take it one step at a time.",
      "Please don't use that language with me; I am trying to fix this.",
    ),
    topic(
      "agent.handle-overtalk",
      "Agent handles a customer talking over them",
      "Sorry, go ahead, I'll let you finish.",
      "Let me stop you there for a second so I can explain.",
    ),
    topic(
      "agent.resolve",
      "Agent resolves the issue",
      "Okay, that's all sorted now.",
      "Done, I've fixed that for you.",
      "That's been taken care of; you'll get a confirmation email.",
    ),
    topic(
      "agent.summary",
      "Agent summarises at the end",
      "Just to recap: {summary}.",
      "To sum up what we did today: {summary}.",
    ),
    topic(
      "agent.further-help",
      "Agent offers further help",
      "Is there anything else I can help you with today?",
      "Anything else I can do for you?",
    ),
    topic(
      "agent.goodbye",
      "Agent says goodbye",
      "Thanks for contacting us, have a good {daypart}.",
      "Take care, goodbye.",
    ),
    topic(
      "customer.ask-supervisor",
      "Customer asks for a supervisor",
      "I want to speak to a supervisor.",
      "Put me through to your manager, please.",
      "I'm not getting anywhere, can I talk to someone more senior?",
    ),
    topic(
      "customer.threat-cancel",
      "Customer threatens to cancel",
      "If this isn't fixed today I'm cancelling.",
      "Honestly I'm ready to cancel everything.",
      "One more problem and I'm closing my account.",
    ),
    topic(
      "customer.threat-close-account",
      "Customer threatens to close their account",
      "I'm going to close my account if this keeps happening.",
      "I'll take my money to another bank and close this account.",
    ),
    topic(
      "customer.switch-competitor",
      "Customer says they will switch to a competitor",
      "I'm switching to {competitor}, they actually answer the phone.",
      "{competitor} would never treat me like this, I'm moving to them.",
    ),
    topic(
      "customer.competitor-offer",
      "Customer mentions a competitor's offer",
      "{competitor} is offering me the same for {amount} less.",
      "I got an offer from {competitor} that's much cheaper.",
    ),
    topic(
      "customer.confused-bill",
      "Customer is confused about their bill",
      "I honestly don't understand my bill at all.",
      "What are all these lines on the bill? It makes no sense to me.",
    ),
    topic(
      "customer.ask-compensation",
      "Customer asks for compensation",
      "I think I deserve some compensation for this.",
      "Are you going to compensate me for the days I lost?",
    ),
    topic(
      "customer.stress",
      "Customer is stressed about their situation",
      "I'm really scared, I don't know what else they can access.",
      "This is so stressful, I can't sleep worrying about it.",
      "I feel sick about this, what if they take everything?",
    ),
    topic(
      "customer.mention-app",
      "Customer talks about the mobile app",
      "The mobile app keeps crashing when I try to do this.",
      "I tried in the app but the button doesn't do anything.",
      "Your app logged me out and won't let me back in.",
    ),
    topic(
      "customer.mention-website",
      "Customer talks about the website",
      "The website is so confusing, I couldn't find the option.",
      "I tried on the website but it gave me an error.",
      "Your website said it would take two minutes; it took an hour.",
    ),
    topic(
      "customer.abusive",
      "Customer uses abusive language",
      "This is [expletive] useless, you people are a joke.",
      "Are you [expletive] kidding me? I'm sick of this.",
      "You're all incompetent [expletive].",
    ),
    topic(
      "customer.talk-over",
      "Customer keeps talking over the agent",
      "No, no, listen to me, I'm telling you it doesn't work —",
      "Let me finish! I already said that —",
    ),
    topic(
      "customer.after-hold-negative",
      "Customer annoyed after a hold",
      "That was a really long hold.",
      "Finally. I was about to hang up.",
    ),
    topic(
      "customer.after-hold-neutral",
      "Customer calm after a hold",
      "Okay, what did you find?",
      "No problem, go ahead.",
    ),
    topic(
      "customer.thanks",
      "Customer thanks the agent",
      "Thanks, that's all.",
      "Great, thank you.",
      "Okay, thanks for your help.",
    ),
    topic(
      "customer.relieved",
      "Customer relieved at the end",
      "That's a relief, thank you so much.",
      "Brilliant, you've made my day.",
      "Perfect, I really appreciate it.",
    ),
    topic(
      "customer.still-unhappy",
      "Customer still unhappy at the end",
      "Fine. I'm still not happy about this.",
      "Whatever, I'll believe it when I see it.",
      "This is not acceptable, but okay.",
    ),
    topic(
      "customer.calmer",
      "Customer calms down",
      "Okay, sorry, I'm just frustrated.",
      "Alright, that makes more sense now.",
      "Fair enough, thanks for explaining.",
    ),
    topic("customer.neutral", "Customer states facts calmly", "Okay.", "Right, I see.", "Sure."),
    topic(
      "customer.frustrated",
      "Customer is frustrated",
      "This is really frustrating.",
      "I've had enough of this.",
      "I can't believe I have to call again.",
    ),
    topic(
      "customer.repeat-contact",
      "Customer says they contacted us before",
      "I already called about this a few days ago.",
      "This is the second time I'm contacting you about the same thing.",
    ),
  ].map((t) => [t.label, t]),
);

/** Why an escalation happened: the moment just before the customer asks for a supervisor. */
export const ESCALATION_TRIGGERS: readonly Topic[] = [
  topic(
    "escalation.repeated-failure",
    "The same fix failed again",
    "You've told me that before and it didn't work.",
    "That's exactly what the last agent did and it failed.",
  ),
  topic(
    "escalation.refused-request",
    "The agent refused the customer's request",
    "So you're saying you won't do it?",
    "That's not good enough, I need this reversed.",
  ),
  topic(
    "escalation.long-wait",
    "The customer waited too long",
    "I've been waiting for over half an hour already.",
    "I've been on hold forever.",
  ),
  topic(
    "escalation.policy",
    "The customer wants an exception to policy",
    "I don't care what the policy says.",
    "There must be someone who can make an exception.",
  ),
  topic(
    "escalation.no-answer",
    "The agent could not answer the question",
    "You don't know? Then find me someone who does.",
    "If you can't answer that, who can?",
  ),
];

/** Why the issue could not be resolved in this interaction. */
export const UNRESOLVED_REASONS: readonly Topic[] = [
  topic(
    "unresolved.needs-specialist",
    "Needs a specialist team",
    "I can't change that from here; another team needs to look at it.",
    "That has to go to our specialists, I don't have access.",
  ),
  topic(
    "unresolved.system-down",
    "System unavailable",
    "Our system is down at the moment so I can't process it.",
    "The tool I need isn't loading right now.",
  ),
  topic(
    "unresolved.awaiting-documents",
    "Waiting for documents from the customer",
    "I'll need the documents before I can go further.",
    "Once we get the photos we can move ahead.",
  ),
  topic(
    "unresolved.outside-policy",
    "Request outside policy",
    "I'm afraid that's outside what our policy allows.",
    "Unfortunately I can't approve that under the current terms.",
  ),
  topic(
    "unresolved.waiting-third-party",
    "Waiting on a third party",
    "We're still waiting on the courier to respond.",
    "The partner company hasn't replied to us yet.",
  ),
];

/** What customers praise when the interaction ends well. */
export const PRAISE: readonly Topic[] = [
  topic(
    "praise.patience",
    "Agent's patience",
    "Thank you for being so patient with me.",
    "You've been really patient, I appreciate it.",
  ),
  topic(
    "praise.quick-fix",
    "Quick fix",
    "Wow, that was quick, thanks.",
    "I didn't expect it to be fixed so fast.",
  ),
  topic(
    "praise.clear-explanation",
    "Clear explanation",
    "Thanks for explaining it so clearly.",
    "That's the first time anyone explained it properly.",
  ),
  topic(
    "praise.friendly",
    "Friendly agent",
    "You've been lovely, thank you.",
    "You're the nicest person I've talked to all week.",
  ),
  topic(
    "praise.extra-mile",
    "Agent went the extra mile",
    "Thanks for going above and beyond.",
    "I really appreciate you sorting out the other thing too.",
  ),
];

export const ITEMS: Record<string, readonly string[]> = {
  retail: [
    "jacket",
    "blender",
    "pair of shoes",
    "phone case",
    "coffee machine",
    "desk lamp",
    "backpack",
    "headphones",
  ],
  telecom: ["router", "phone", "SIM card", "modem"],
  banking: ["card", "statement"],
  insurance: ["policy documents", "claim form"],
  travel: ["ticket", "hotel voucher"],
  utilities: ["meter", "statement"],
  saas: ["licence", "workspace"],
};

/** What the customer holds with each line of business. */
export const PRODUCTS: Record<string, readonly string[]> = {
  retail: ["order"],
  telecom: ["plan", "contract", "line"],
  banking: ["account", "card"],
  insurance: ["policy"],
  travel: ["booking", "flight", "hotel reservation"],
  utilities: ["account", "energy plan"],
  saas: ["subscription", "workspace"],
};

export const FEES: Record<string, readonly string[]> = {
  retail: ["restocking fee", "delivery fee"],
  telecom: ["roaming charge", "late payment fee", "early termination fee"],
  banking: ["overdraft fee", "foreign transaction fee", "late payment fee"],
  insurance: ["admin fee", "cancellation fee"],
  travel: ["rebooking fee", "baggage fee", "change fee"],
  utilities: ["standing charge", "late payment fee"],
  saas: ["overage charge", "late payment fee"],
};

export const COMPETITORS = ["NorthStar", "Brightline", "Vela", "Castell", "Orbit"] as const;
