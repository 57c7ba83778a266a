// Every message the API sends, in both languages. Placeholders are {name}. A number given for one
// is written in the request's language's digits (`t`); the Arabic texts write their own numbers in
// Eastern Arabic digits too. A count of minutes, days, characters or items is said with its word
// ({minutes} → "7 minutes", "٧ دقائق"; see COUNTED).
import type { Lang } from '../contract/lang.ts';

export type { Lang };
export { parseLang } from '../contract/lang.ts';

export const MESSAGES = {
  ok: { en: 'OK', ar: 'تم' },
  bad_request: { en: 'The request could not be read. Please check what was sent.', ar: 'تعذّرت قراءة الطلب. يُرجى التحقق مما أُرسل.' },
  unsupported_media: { en: 'Please send the request as JSON.', ar: 'يُرجى إرسال الطلب بصيغة JSON.' },
  body_too_large: { en: 'The request is too large.', ar: 'الطلب أكبر من الحجم المسموح به.' },
  headers_too_large: { en: 'The request\'s headers are too large.', ar: 'ترويسات الطلب أكبر من الحجم المسموح به.' },
  request_timeout: { en: 'The request took too long to arrive. Please try again.', ar: 'استغرق وصول الطلب وقتاً أطول من اللازم. يُرجى المحاولة مرة أخرى.' },
  validation_failed: { en: 'Please check the highlighted fields.', ar: 'يُرجى مراجعة الحقول المحددة.' },
  not_found: { en: 'We could not find what you asked for.', ar: 'لم نعثر على ما طلبته.' },
  unauthenticated: { en: 'Please log in first.', ar: 'يُرجى تسجيل الدخول أولاً.' },
  rate_limited: { en: 'Too many attempts. Please try again in {minutes}.', ar: 'محاولات كثيرة جداً. يُرجى المحاولة مرة أخرى بعد {minutes}.' },
  server_error: { en: 'Something went wrong on our side. Please try again.', ar: 'حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.' },
  unavailable: { en: 'The shop is busy right now. Please try again in a moment.', ar: 'المتجر مشغول الآن. يُرجى المحاولة بعد لحظات.' },
  idempotency_in_flight: { en: 'This order is still being placed. Please wait a moment.', ar: 'ما زال طلبك قيد التنفيذ. يُرجى الانتظار لحظة.' },
  idempotency_mismatch: { en: 'This checkout attempt was already used for a different order. Please start again.', ar: 'استُخدمت محاولة الدفع هذه لطلب مختلف. يُرجى البدء من جديد.' },
  change_in_flight: { en: 'This change is still being saved. Please wait a moment.', ar: 'ما زال هذا التعديل قيد الحفظ. يُرجى الانتظار لحظة.' },
  change_key_mismatch: { en: 'This change was already sent with different details. Please try again.', ar: 'أُرسل هذا التعديل من قبل بتفاصيل مختلفة. يُرجى المحاولة مرة أخرى.' },

  field_required: { en: 'Required', ar: 'مطلوب' },
  field_type: { en: 'This value has the wrong type.', ar: 'نوع هذه القيمة غير صحيح.' },
  field_too_short: { en: 'Must be at least {characters}.', ar: 'يجب ألا يقل عن {characters}.' },
  field_too_long: { en: 'Must be at most {characters}.', ar: 'يجب ألا يزيد عن {characters}.' },
  field_min: { en: 'Must be at least {limit}.', ar: 'يجب ألا يقل عن {limit}.' },
  field_max: { en: 'Must be at most {limit}.', ar: 'يجب ألا يزيد عن {limit}.' },
  field_invalid: { en: 'This value is not valid.', ar: 'هذه القيمة غير صالحة.' },
  field_one_of: { en: 'Must be one of: {values}.', ar: 'يجب أن يكون أحد: {values}.' },
  field_unknown: { en: 'This field is not part of this request.', ar: 'هذا الحقل ليس من حقول هذا الطلب.' },
  field_too_many: { en: 'At most {items}.', ar: 'بحد أقصى {items}.' },
  email_invalid: { en: 'Invalid email format.', ar: 'صيغة البريد الإلكتروني غير صحيحة.' },
  phone_invalid: { en: 'Phone must be 11 digits.', ar: 'يجب أن يتكون رقم الهاتف من ١١ رقماً.' },
  name_one_word: { en: 'Must be one name of at least 3 letters.', ar: 'يجب أن يكون اسماً واحداً من ٣ أحرف على الأقل.' },
  name_two_words: { en: 'At least 2 names of 3 characters each.', ar: 'اسمان على الأقل، كل منهما ٣ أحرف أو أكثر.' },
  password_short: { en: 'Password must be at least 6 characters.', ar: 'يجب ألا تقل كلمة المرور عن ٦ أحرف.' },
  password_mismatch: { en: 'Passwords must match.', ar: 'كلمتا المرور غير متطابقتين.' },
  date_invalid: { en: 'Please enter a real date (YYYY-MM-DD).', ar: 'يُرجى إدخال تاريخ صحيح (YYYY-MM-DD).' },
  month_invalid: { en: 'Month must be from 1 to 12.', ar: 'يجب أن يكون الشهر من ١ إلى ١٢.' },
  day_invalid: { en: 'Day must be from 1 to 31.', ar: 'يجب أن يكون اليوم من ١ إلى ٣١.' },
  february_days: { en: 'February has at most 29 days.', ar: 'شهر فبراير لا يزيد عن ٢٩ يوماً.' },
  february_28_days: { en: '{year} is not a leap year: February has 28 days.', ar: 'سنة {year} ليست كبيسة: شهر فبراير فيها ٢٨ يوماً.' },
  month_30_days: { en: 'This month has at most 30 days.', ar: 'هذا الشهر لا يزيد عن ٣٠ يوماً.' },
  year_invalid: { en: 'Please enter a valid year.', ar: 'يُرجى إدخال سنة صحيحة.' },
  too_young: { en: 'You must be at least 10 years old.', ar: 'يجب ألا يقل عمرك عن ١٠ سنوات.' },
  text_required: { en: 'Please write something.', ar: 'يُرجى كتابة شيء.' },

  email_taken: { en: 'An account with this email already exists.', ar: 'يوجد حساب بهذا البريد الإلكتروني بالفعل.' },
  phone_taken: { en: 'An account with this phone number already exists.', ar: 'يوجد حساب بهذا الرقم بالفعل.' },
  registered: { en: 'Welcome to Attar! Your account is ready.', ar: 'أهلاً بك في عطّار! حسابك جاهز.' },
  logged_in: { en: 'Welcome back!', ar: 'أهلاً بعودتك!' },
  login_failed: { en: 'The email or phone, or the password, is not right.', ar: 'البريد الإلكتروني أو الهاتف أو كلمة المرور غير صحيحة.' },
  logged_out: { en: 'You have been logged out.', ar: 'تم تسجيل خروجك.' },
  profile_updated: { en: 'Your profile was updated.', ar: 'تم تحديث ملفك الشخصي.' },
  password_changed: { en: 'Your password was changed. Other devices were signed out.', ar: 'تم تغيير كلمة المرور وتسجيل الخروج من الأجهزة الأخرى.' },
  password_reset_requested: {
    en: 'If an account uses this e-mail or phone, we have sent a link to its e-mail address. It works once, for {minutes}.',
    ar: 'إن كان هناك حساب بهذا البريد الإلكتروني أو الهاتف، فقد أرسلنا رابطاً إلى بريده الإلكتروني. يصلح مرة واحدة لمدة {minutes}.',
  },
  password_reset_done: { en: 'Your password was changed, and every device was signed out. Please log in with your new password.', ar: 'تم تغيير كلمة المرور وتسجيل الخروج من كل الأجهزة. يُرجى تسجيل الدخول بكلمة المرور الجديدة.' },
  reset_link_invalid: { en: 'This link has expired or was already used. Please ask for a new one.', ar: 'انتهت صلاحية هذا الرابط أو سبق استخدامه. يُرجى طلب رابط جديد.' },
  mail_footer: { en: 'Attar: perfumes, oud and bakhoor, delivered anywhere in Egypt. You received this mail because of your account with us.', ar: 'عطّار: عطور وعود وبخور بتوصيل لكل مصر. وصلتك هذه الرسالة بسبب حسابك لدينا.' },
  mail_hello: { en: 'Hello {name},', ar: 'أهلاً {name}،' },
  mail_reset_subject: { en: 'Choose a new password for Attar', ar: 'اختر كلمة مرور جديدة لحسابك في عطّار' },
  mail_reset_body: {
    en: 'We were asked to reset the password of your Attar account. The button below opens a page where you choose a new one. It works once, for {minutes}.',
    ar: 'طُلب منا إعادة تعيين كلمة مرور حسابك في عطّار. الزر أدناه يفتح صفحة تختار فيها كلمة مرور جديدة. يصلح مرة واحدة لمدة {minutes}.',
  },
  mail_reset_button: { en: 'Choose a new password', ar: 'اختر كلمة مرور جديدة' },
  mail_reset_ignore: { en: 'If you did not ask for this, ignore this mail: your password stays as it is.', ar: 'إن لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.' },
  // The order mails (mail/templates.ts), in the shopper's words of the app.
  mail_order_track: { en: 'See your order', ar: 'اعرض طلبك' },
  mail_order_placed_subject: { en: 'We received your order {number}', ar: 'وصلنا طلبك {number}' },
  mail_order_placed_body: { en: 'Thank you for your order {number}. Here is what you ordered; we will let you know as it moves along.', ar: 'شكراً لطلبك {number}. هذا ما طلبته، وسنخبرك بكل خطوة في طريقه إليك.' },
  mail_order_items: { en: 'What you ordered', ar: 'ما طلبته' },
  mail_order_line: { en: '{qty} × {price}', ar: '{qty} × {price}' },
  mail_order_smells: { en: 'Smells: {smells}', ar: 'الروائح: {smells}' },
  mail_order_gift: { en: 'Gift: {gift}', ar: 'الهدية: {gift}' },
  mail_order_subtotal: { en: 'Subtotal', ar: 'المجموع الفرعي' },
  mail_order_coupon: { en: 'Coupon {code}', ar: 'الكوبون {code}' },
  mail_order_points_discount: { en: 'Points discount', ar: 'خصم النقاط' },
  mail_order_shipping: { en: 'Shipping', ar: 'الشحن' },
  mail_order_free: { en: 'Free', ar: 'مجاناً' },
  mail_order_total: { en: 'Total', ar: 'الإجمالي' },
  mail_order_delivery_day: { en: 'Delivery day', ar: 'يوم التوصيل' },
  mail_order_delivery_by: { en: 'Delivered by', ar: 'يصلك قبل' },
  mail_order_address: { en: 'Delivery address', ar: 'عنوان التوصيل' },
  mail_order_wallet_title: { en: 'Pay with Vodafone Cash', ar: 'ادفع بفودافون كاش' },
  mail_order_wallet_transfer: { en: 'Transfer {amount} from your Vodafone Cash wallet to our wallet number {wallet}.', ar: 'حوّل {amount} من محفظة فودافون كاش الخاصة بك إلى رقم محفظتنا {wallet}.' },
  mail_order_wallet_mention: { en: 'Mention your order number {number} with the transfer. We confirm the transfer before we ship your order.', ar: 'اذكر رقم طلبك {number} مع التحويل. نؤكد التحويل قبل شحن طلبك.' },
  mail_order_cash: { en: 'Pay {amount} in cash to the courier when your order arrives.', ar: 'ادفع {amount} نقداً لمندوب التوصيل عند وصول طلبك.' },
  mail_order_points_earned: { en: 'This order earns you {point_count}.', ar: 'يكسبك هذا الطلب {point_count}.' },
  mail_order_status_subject: { en: 'Your order {number}: {status}', ar: 'طلبك {number}: {status}' },
  mail_order_confirmed: { en: 'We confirmed your order {number} and are preparing it.', ar: 'أكدنا طلبك {number} ونجهّزه الآن.' },
  mail_order_on_the_way: { en: 'Your order {number} has left our shop and is on its way to you.', ar: 'خرج طلبك {number} من متجرنا وهو في الطريق إليك.' },
  mail_order_out_for_delivery: { en: 'Your order {number} is out for delivery: the courier will call you, so please keep your phone close.', ar: 'طلبك {number} خرج للتوصيل: سيتصل بك المندوب، فأبقِ هاتفك قريباً منك.' },
  mail_order_delivered: { en: 'Your order {number} was delivered. Thank you for shopping with Attar!', ar: 'تم توصيل طلبك {number}. شكراً لتسوقك من عطّار!' },
  mail_order_cancelled_subject: { en: 'Your order {number} was cancelled', ar: 'تم إلغاء طلبك {number}' },
  mail_order_cancelled_by_shop: { en: 'We cancelled your order {number}.', ar: 'ألغينا طلبك {number}.' },
  mail_order_cancelled_by_you: { en: 'Your order {number} was cancelled, as you asked.', ar: 'تم إلغاء طلبك {number} كما طلبت.' },
  mail_order_cancel_reason: { en: 'Reason: {reason}', ar: 'السبب: {reason}' },
  mail_order_points_back: { en: 'We returned the {point_count} you used to your account.', ar: 'أعدنا إلى حسابك {point_count} التي استخدمتها.' },
  mail_order_refund: { en: 'If you already transferred the amount, we will call you to return it.', ar: 'إن كنت حوّلت المبلغ بالفعل، فسنتصل بك لإعادته إليك.' },
  current_password_wrong: { en: 'Your current password is not right.', ar: 'كلمة المرور الحالية غير صحيحة.' },

  address_added: { en: 'Address added.', ar: 'تمت إضافة العنوان.' },
  address_deleted: { en: 'Address deleted.', ar: 'تم حذف العنوان.' },
  address_not_found: { en: 'This address was not found.', ar: 'لم يتم العثور على هذا العنوان.' },
  government_invalid: { en: 'Please choose one of Egypt\'s governorates.', ar: 'يُرجى اختيار إحدى محافظات مصر.' },

  product_not_found: { en: 'This product was not found.', ar: 'لم يتم العثور على هذا المنتج.' },
  category_not_found: { en: 'This category was not found.', ar: 'لم يتم العثور على هذا القسم.' },
  order_not_found: { en: 'This order was not found.', ar: 'لم يتم العثور على هذا الطلب.' },
  cart_not_found: { en: 'This cart was not found.', ar: 'لم يتم العثور على هذه السلة.' },
  cart_item_not_found: { en: 'This product is not in your cart.', ar: 'هذا المنتج غير موجود في سلتك.' },

  added_to_cart: { en: 'Added to your cart.', ar: 'تمت الإضافة إلى سلتك.' },
  out_of_stock: { en: '{name} is out of stock.', ar: 'نفدت كمية {name}.' },
  stock_limit: { en: 'Only {stock} of {name} left in stock.', ar: 'لم يتبقَّ من {name} سوى {stock} في المخزون.' },
  cart_updated: { en: 'Your cart was updated.', ar: 'تم تحديث سلتك.' },
  buy_again_added: { en: 'The order\'s products are back in your cart.', ar: 'رجّعنا منتجات الطلب إلى سلتك.' },
  buy_again_partly: { en: 'Some of the order\'s products are back in your cart; some could not be added.', ar: 'رجّعنا بعض منتجات الطلب إلى سلتك، وبعضها لم نقدر نضيفه.' },
  buy_again_none: { en: 'Nothing from this order could be added to your cart.', ar: 'لم نقدر نضيف أي منتج من هذا الطلب إلى سلتك.' },
  removed_from_cart: { en: 'Removed from your cart.', ar: 'تمت الإزالة من سلتك.' },
  qty_min: { en: 'The quantity must be at least 1.', ar: 'يجب ألا تقل الكمية عن ١.' },
  smell_updated: { en: 'Smells saved.', ar: 'تم حفظ الروائح.' },
  smell_count: { en: 'Choose one smell for each of the {qty} units.', ar: 'اختر رائحة لكل وحدة من الوحدات ({qty}).' },
  smell_unknown: { en: '"{smell}" is not a smell of {name}.', ar: '"{smell}" ليست من روائح {name}.' },
  no_smells: { en: '{name} has no smells to choose.', ar: 'لا توجد روائح للاختيار في {name}.' },
  gift_not_allowed: { en: 'A gift comes only with "buy 2 get 1" products at a quantity of exactly 2.', ar: 'الهدية متاحة فقط لعروض "اشترِ ٢ واحصل على ١" عند كمية ٢ بالضبط.' },
  gift_unknown: { en: 'This gift is not offered with {name}.', ar: 'هذه الهدية غير متاحة مع {name}.' },

  coupon_applied: { en: 'Coupon applied.', ar: 'تم تطبيق الكوبون.' },
  coupon_removed: { en: 'Coupon removed.', ar: 'تمت إزالة الكوبون.' },
  coupon_not_found: { en: 'The coupon "{code}" does not exist.', ar: 'الكوبون "{code}" غير موجود.' },
  coupon_expired: { en: 'The coupon "{code}" has expired.', ar: 'انتهت صلاحية الكوبون "{code}".' },
  coupon_below_minimum: { en: 'The coupon "{code}" needs a subtotal of at least {amount}.', ar: 'يجب ألا يقل المجموع عن {amount} لاستخدام الكوبون "{code}".' },
  coupon_used_up: { en: 'The coupon "{code}" has reached its use limit.', ar: 'وصل الكوبون "{code}" إلى الحد الأقصى للاستخدام.' },
  coupon_already_used: { en: 'You have already used the coupon "{code}".', ar: 'لقد استخدمت الكوبون "{code}" من قبل.' },

  points_not_enough: { en: 'not can use point', ar: 'لا يمكن استخدام النقاط قبل الوصول إلى {min} نقطة' },
  points_value: { en: 'Your {points} points are worth {amount}.', ar: 'بنقاطك ({points}) يمكنك خصم {amount} من طلبك.' },
  points_applied: { en: 'Points applied.', ar: 'تم استخدام النقاط.' },
  points_cancelled: { en: 'Points removed from this order.', ar: 'تم إلغاء استخدام النقاط.' },

  cart_empty: { en: 'Your cart is empty.', ar: 'سلتك فارغة.' },
  checkout_missing_smell: { en: 'Please choose a smell for every unit of {name}.', ar: 'يُرجى اختيار رائحة لكل وحدة من {name}.' },
  checkout_missing_gift: { en: 'Please choose the gift for {name}.', ar: 'يُرجى اختيار هدية {name}.' },
  delivery_date_required: { en: 'Please choose a delivery date.', ar: 'يُرجى اختيار تاريخ التوصيل.' },
  delivery_date_too_soon: { en: 'The delivery date must be at least {days} from today.', ar: 'يجب أن يكون تاريخ التوصيل بعد {days} على الأقل من اليوم.' },
  delivery_date_too_late: { en: 'The delivery date must be within {days} from today.', ar: 'يجب أن يكون تاريخ التوصيل خلال {days} من اليوم.' },
  delivery_date_closed: { en: 'We do not deliver on {weekday}. Please choose another day.', ar: 'لا يوجد توصيل يوم {weekday}. يُرجى اختيار يوم آخر.' },
  order_placed: { en: 'Your order {number} has been placed.', ar: 'تم تسجيل طلبك {number}.' },

  fav_added: { en: 'Added to your wishlist.', ar: 'تمت الإضافة إلى قائمة أمنياتك.' },
  fav_removed: { en: 'Removed from your wishlist.', ar: 'تمت الإزالة من قائمة أمنياتك.' },
  review_sent: { en: 'Thank you for your review.', ar: 'شكراً لتقييمك.' },
  review_updated: { en: 'Your review has been updated.', ar: 'تم تحديث تقييمك.' },
  rate_invalid: { en: 'Rate from 0.5 to 5, in half stars.', ar: 'التقييم من ٠٫٥ إلى ٥ بأنصاف النجوم.' },
  contact_sent: { en: 'Thank you! We will get back to you soon.', ar: 'شكراً لك! سنتواصل معك قريباً.' },

  forbidden: { en: 'You do not have access to this.', ar: 'ليست لديك صلاحية الوصول إلى هذا.' },
  password_change_required: { en: 'Please choose a new password before going on.', ar: 'يُرجى اختيار كلمة مرور جديدة قبل المتابعة.' },
  order_transition: { en: 'This order is "{from}" and cannot become "{to}".', ar: 'حالة هذا الطلب «{from}»، ولا يمكن نقله إلى «{to}».' },
  order_changed_meanwhile: { en: 'This order was changed meanwhile. Please look at it again.', ar: 'تغيّر هذا الطلب في هذه الأثناء. يُرجى مراجعته مرة أخرى.' },
  order_status_changed: { en: 'The order is now "{status}".', ar: 'أصبحت حالة الطلب «{status}».' },
  order_cancelled: { en: 'Your order {number} was cancelled.', ar: 'تم إلغاء طلبك {number}.' },
  order_not_cancellable: { en: 'This order can no longer be cancelled: it has been confirmed. Please call us.', ar: 'لم يعد ممكناً إلغاء هذا الطلب بعد تأكيده. يُرجى الاتصال بنا.' },
  cancel_reason_required: { en: 'Please say why the order is cancelled.', ar: 'يُرجى ذكر سبب إلغاء الطلب.' },
  payment_reported: { en: 'Thank you! We will check the transfer and confirm your order.', ar: 'شكراً لك! سنراجع التحويل ونؤكد طلبك.' },
  payment_not_wallet: { en: 'This order is paid on delivery: there is no transfer to report.', ar: 'هذا الطلب يُدفع عند الاستلام: لا يوجد تحويل للإبلاغ عنه.' },
  payment_already_paid: { en: 'This order is already paid.', ar: 'هذا الطلب مدفوع بالفعل.' },
  payment_order_cancelled: { en: 'This order was cancelled.', ar: 'تم إلغاء هذا الطلب.' },
  payment_marked_paid: { en: 'The payment was recorded.', ar: 'تم تسجيل الدفع.' },
  note_added: { en: 'Note added.', ar: 'تمت إضافة الملاحظة.' },
  mail_not_found: { en: 'This mail was not found.', ar: 'لم يتم العثور على هذه الرسالة.' },
  mail_not_failed: { en: 'Only a mail that failed can be sent again.', ar: 'لا يُعاد إرسال إلا رسالة تعذّر إرسالها.' },
  mail_requeued: { en: 'The mail will be sent again in a moment.', ar: 'سيُعاد إرسال الرسالة بعد لحظات.' },
  message_not_found: { en: 'This message was not found.', ar: 'لم يتم العثور على هذه الرسالة.' },
  message_handled: { en: 'Marked as handled.', ar: 'تم التعليم كمُعالَجة.' },
  customer_not_found: { en: 'This customer was not found.', ar: 'لم يتم العثور على هذا العميل.' },
  points_adjusted: { en: 'The points balance is now {points}.', ar: 'أصبح رصيد النقاط {points}.' },
  points_below_zero: { en: 'This would take the balance below zero: at most {points} can be taken.', ar: 'سيصبح الرصيد أقل من صفر: يمكن خصم {points} على الأكثر.' },
  whatsapp_confirm: {
    en: 'Hello {name}, this is Attar. We received your order {number}: {pieces}, {total}, {payment}, delivered on {day}. Please reply to confirm it. Thank you!',
    ar: 'أهلاً {name}، معك عطّار. وصلنا طلبك {number}: {pieces} بإجمالي {total}، {payment}، والتوصيل يوم {day}. من فضلك رُدّ علينا لتأكيده. شكراً لك!',
  },
  pay_on_delivery: { en: 'cash on delivery', ar: 'الدفع عند الاستلام' },
  pay_by_wallet: { en: 'paid by Vodafone Cash', ar: 'الدفع عبر فودافون كاش' },
  points_delta_zero: { en: 'Please enter a number of points other than zero.', ar: 'يُرجى إدخال عدد نقاط غير الصفر.' },

  // The owner's catalog (routes/api/admin/products.ts).
  product_created: { en: 'The product was added.', ar: 'تمت إضافة المنتج.' },
  product_saved: { en: 'The product was saved.', ar: 'تم حفظ المنتج.' },
  product_archived: { en: 'The product was archived: the shop no longer shows it.', ar: 'تمت أرشفة المنتج: لم يعد يظهر في المتجر.' },
  product_unarchived: { en: 'The product is back on sale in the shop.', ar: 'عاد المنتج للعرض في المتجر.' },
  name_en_required: { en: 'Please write the name in English.', ar: 'يُرجى كتابة الاسم بالإنجليزية.' },
  name_ar_required: { en: 'Please write the name in Arabic.', ar: 'يُرجى كتابة الاسم بالعربية.' },
  price_invalid: { en: 'Enter a price above 0 EGP, with at most 2 decimals.', ar: 'أدخل سعراً أكبر من صفر جنيه، بحد أقصى رقمين بعد العلامة العشرية.' },
  sale_price_not_below: { en: 'The sale price must be below the price ({price}).', ar: 'يجب أن يكون سعر التخفيض أقل من السعر ({price}).' },
  stock_invalid: { en: 'Stock must be a whole number, 0 or more.', ar: 'يجب أن يكون المخزون عدداً صحيحاً، صفراً أو أكثر.' },
  category_unknown: { en: 'Please choose one of the shop\'s categories.', ar: 'يُرجى اختيار أحد أقسام المتجر.' },
  gift_required: { en: 'A "buy 2 get 1" product needs at least one gift to offer.', ar: 'عرض "اشترِ ٢ واحصل على ١" يحتاج إلى هدية واحدة على الأقل.' },
  gift_unknown_id: { en: 'There is no gift number {id}.', ar: 'لا توجد هدية برقم {id}.' },
  product_code_invalid: { en: 'Use up to 40 letters and digits (and . _ / - inside), no spaces.', ar: 'استخدم حتى ٤٠ حرفاً ورقماً إنجليزياً (ويُسمح بـ . _ / - في الوسط)، بلا مسافات.' },
  product_code_taken: { en: 'The code {code} is already used by "{name}".', ar: 'الكود {code} مستخدم بالفعل للمنتج "{name}".' },
  smell_name_required: { en: 'Write the smell in both languages.', ar: 'اكتب الرائحة باللغتين.' },
  smell_separator: { en: 'A smell cannot contain ; or |.', ar: 'لا يمكن أن تحتوي الرائحة على ; أو |.' },
  smell_duplicate: { en: 'The smell "{smell}" is listed twice.', ar: 'الرائحة "{smell}" مكررة.' },
  csv_not_utf8: {
    en: 'This file is not {encoding} text, so its Arabic would be garbled. In Excel use "Save As" → "{format}", then import it again.',
    ar: 'هذا الملف ليس بترميز {encoding}، لذا ستظهر حروفه العربية مشوهة. في Excel اختر "حفظ باسم" ← "{format}" ثم استورده مرة أخرى.',
  },
  csv_empty: { en: 'The file has no products.', ar: 'لا يحتوي الملف على أي منتج.' },
  csv_columns_missing: { en: 'The first line must name the export\'s columns; missing: {columns}.', ar: 'يجب أن يحمل السطر الأول أسماء أعمدة ملف التصدير؛ الناقص: {columns}.' },
  csv_column_unknown: { en: 'The column "{column}" is not one of the export\'s.', ar: 'العمود "{column}" ليس من أعمدة ملف التصدير.' },
  csv_unclosed_quote: { en: 'A quoted cell is never closed.', ar: 'خلية تبدأ بعلامة اقتباس لم تُغلق.' },
  csv_text_after_quote: { en: 'Text follows a closing quote; put the whole cell in quotes.', ar: 'يوجد نص بعد علامة الاقتباس الختامية؛ ضع الخلية كلها بين علامتي اقتباس.' },
  csv_cell_count: { en: 'This line has {found} cells; the columns are {expected}.', ar: 'في هذا السطر {found} خلية، وعدد الأعمدة {expected}.' },
  csv_number_invalid: { en: 'Write a number here.', ar: 'اكتب رقماً هنا.' },
  csv_yes_no: { en: 'Write true or false.', ar: 'اكتب true أو false.' },
  csv_smells_format: { en: 'Write each smell as "English | Arabic", separated by ";".', ar: 'اكتب كل رائحة على الصورة "English | عربي" وافصل بينها بـ ";".' },
  csv_product_unknown: { en: 'There is no product with the id {id}.', ar: 'لا يوجد منتج بالرقم {id}.' },
  csv_product_twice: { en: 'This product is also on line {line}.', ar: 'هذا المنتج موجود أيضاً في السطر {line}.' },
  csv_code_twice: { en: 'The code {code} is also on line {line}.', ar: 'الكود {code} موجود أيضاً في السطر {line}.' },
  import_checked: { en: 'Checked: {created} new, {updated} to update, {wrong} with mistakes.', ar: 'تم الفحص: {created} جديد، و{updated} للتحديث، و{wrong} بها أخطاء.' },
  import_done: { en: 'Imported: {created} new, {updated} updated.', ar: 'تم الاستيراد: {created} جديد، و{updated} محدَّث.' },
  import_refused: { en: 'Nothing was imported: {wrong} with mistakes. Please correct them and try again.', ar: 'لم يتم استيراد أي شيء: {wrong} بها أخطاء. يُرجى تصحيحها والمحاولة مرة أخرى.' },
  // A product's photos (routes/api/admin/photos.ts).
  image_missing: { en: 'Please choose a photo to upload.', ar: 'يُرجى اختيار صورة لرفعها.' },
  image_not_multipart: { en: 'Please send the photo as a form upload (multipart/form-data) in the field "image".', ar: 'يُرجى إرسال الصورة كنموذج رفع (multipart/form-data) في الحقل "image".' },
  image_too_large: { en: 'This photo is larger than {megabytes} MB. Please choose a smaller one.', ar: 'حجم هذه الصورة أكبر من {megabytes} ميجابايت. يُرجى اختيار صورة أصغر.' },
  image_not_image: { en: 'This file is not a photo. Please choose a JPEG, PNG or WebP picture.', ar: 'هذا الملف ليس صورة. يُرجى اختيار صورة بصيغة JPEG أو PNG أو WebP.' },
  image_type: { en: 'This kind of picture is not accepted. Please choose a JPEG, PNG or WebP photo.', ar: 'هذا النوع من الصور غير مقبول. يُرجى اختيار صورة بصيغة JPEG أو PNG أو WebP.' },
  image_heic: { en: 'This HEIC photo cannot be read here. Please send it as a JPEG (on an iPhone: Settings, Camera, Formats, Most Compatible).', ar: 'لا يمكن قراءة صورة HEIC هذه هنا. يُرجى إرسالها بصيغة JPEG (في آيفون: الإعدادات ثم الكاميرا ثم التنسيقات ثم الأكثر توافقاً).' },
  image_damaged: { en: 'This photo is damaged or incomplete and cannot be read. Please choose it again or take another.', ar: 'هذه الصورة تالفة أو غير مكتملة ولا يمكن قراءتها. يُرجى اختيارها مرة أخرى أو التقاط صورة غيرها.' },
  image_too_many_pixels: { en: 'This photo is too large in pixels (over {megapixels} megapixels). Please choose a smaller one.', ar: 'أبعاد هذه الصورة كبيرة جداً (أكثر من {megapixels} ميجابكسل). يُرجى اختيار صورة أصغر.' },
  images_too_many: { en: 'A product can have at most {count} photos. Please delete one first.', ar: 'لا يمكن أن يزيد عدد صور المنتج عن {count} صورة. يُرجى حذف صورة أولاً.' },
  image_not_found: { en: 'This photo was not found.', ar: 'لم يتم العثور على هذه الصورة.' },
  image_order_mismatch: { en: 'The photos changed meanwhile. Please look at them again.', ar: 'تغيّرت الصور في هذه الأثناء. يُرجى مراجعتها مرة أخرى.' },
  image_added: { en: 'The photo was added.', ar: 'تمت إضافة الصورة.' },
  image_deleted: { en: 'The photo was deleted.', ar: 'تم حذف الصورة.' },
  images_reordered: { en: 'The photos\' order was saved.', ar: 'تم حفظ ترتيب الصور.' },
  image_made_main: { en: 'This is now the main photo.', ar: 'أصبحت هذه هي الصورة الرئيسية.' },
  coupon_inactive: { en: 'The coupon "{code}" is not available now.', ar: 'الكوبون "{code}" غير متاح حالياً.' },
  coupon_not_started: { en: 'The coupon "{code}" can be used from {day}.', ar: 'يمكن استخدام الكوبون "{code}" بدءاً من {day}.' },
  coupon_created: { en: 'The coupon {code} was created.', ar: 'تم إنشاء الكوبون {code}.' },
  coupon_saved: { en: 'The coupon {code} was saved.', ar: 'تم حفظ الكوبون {code}.' },
  coupon_not_found_admin: { en: 'This coupon was not found.', ar: 'لم يتم العثور على هذا الكوبون.' },
  coupon_code_taken: { en: 'Another coupon already has this code.', ar: 'يوجد كوبون آخر بهذا الرمز.' },
  coupon_code_chars: { en: 'Use 3 to 32 letters (A–Z) and digits, without spaces.', ar: 'استخدم من ٣ إلى ٣٢ حرفاً لاتينياً (A–Z) ورقماً، دون مسافات.' },
  coupon_percent_range: { en: 'A percentage is a whole number from 1 to 100.', ar: 'النسبة المئوية عدد صحيح من ١ إلى ١٠٠.' },
  coupon_fixed_positive: { en: 'The amount must be more than 0.', ar: 'يجب أن يكون المبلغ أكبر من صفر.' },
  coupon_ends_before_start: { en: 'The last day cannot be before the first day.', ar: 'لا يمكن أن يكون اليوم الأخير قبل اليوم الأول.' },
  money_piastres: { en: 'Use at most two decimals (piastres).', ar: 'استخدم رقمين عشريين على الأكثر (قروش).' },
  category_created: { en: 'The category {name} was created.', ar: 'تم إنشاء القسم {name}.' },
  category_saved: { en: 'The category {name} was saved.', ar: 'تم حفظ القسم {name}.' },
  category_name_taken: { en: 'Another category already has this name.', ar: 'يوجد قسم آخر بهذا الاسم.' },
  category_image_unknown: { en: 'Choose one of the shop\'s images (an address under /media/ that exists).', ar: 'اختر إحدى صور المتجر (عنوان موجود يبدأ بـ /media/).' },
  content_saved: { en: 'The shop\'s texts were saved.', ar: 'تم حفظ نصوص المتجر.' },
  content_unchanged: { en: 'Nothing was changed.', ar: 'لم يتغير شيء.' },
  link_https: { en: 'Enter a full https:// address.', ar: 'أدخل عنواناً كاملاً يبدأ بـ https://.' },
  settings_saved: { en: 'Settings saved.', ar: 'تم حفظ الإعدادات.' },
  settings_unchanged: { en: 'Nothing to save: the settings are as they were.', ar: 'لا يوجد ما يُحفظ: الإعدادات كما هي.' },
  settings_max_before_min: { en: 'Must be at least {days}: the latest day cannot come before the earliest.', ar: 'يجب ألا يقل عن {days}: لا يمكن أن يسبق أبعد موعد أقرب موعد.' },
  wallet_phone_invalid: { en: 'Enter the wallet\'s mobile number: 11 digits starting with 010, 011, 012 or 015.', ar: 'أدخل رقم المحفظة: ١١ رقماً تبدأ بـ ٠١٠ أو ٠١١ أو ٠١٢ أو ٠١٥.' },
  governorate_unknown: { en: 'There is no governorate "{code}".', ar: 'لا توجد محافظة باسم "{code}".' },
  weekdays_all_closed: { en: 'At least one day of the week must stay open for delivery.', ar: 'يجب أن يبقى يوم واحد على الأقل من أيام الأسبوع متاحاً للتوصيل.' },
  // An email or a name (Latin in an Arabic sentence) sits in an isolate (U+2068…U+2069), so its dots and @ never reorder the sentence.
  staff_added: { en: 'Account made for {email}. Give them the one-time password below.', ar: 'تم إنشاء حساب \u2068{email}\u2069. سلّمه كلمة المرور المؤقتة أدناه.' },
  staff_promoted: { en: '{email} already had an account: it is now {role} and keeps its own password.', ar: 'لدى \u2068{email}\u2069 حساب بالفعل: أصبح دوره الآن {role} ويحتفظ بكلمة مروره.' },
  staff_exists: { en: 'This account is already in the staff list: change its role there.', ar: 'هذا الحساب موجود بالفعل في قائمة فريق العمل: غيّر دوره من هناك.' },
  staff_role_changed: { en: '{name} is now {role}.', ar: 'أصبح دور \u2068{name}\u2069 الآن: {role}.' },
  staff_role_unchanged: { en: '{name} is already {role}.', ar: 'دور \u2068{name}\u2069 هو {role} بالفعل.' },
  staff_removed: { en: '{name} no longer has access to the back office and was signed out everywhere.', ar: 'لم تعد لدى \u2068{name}\u2069 صلاحية الوصول إلى لوحة الإدارة، وتم تسجيل خروجه من كل الأجهزة.' },
  staff_not_found: { en: 'This member of staff was not found.', ar: 'لم يتم العثور على هذا العضو في فريق العمل.' },
  staff_not_yourself: { en: 'You cannot change your own role or remove your own access. Another owner can.', ar: 'لا يمكنك تغيير دورك أو إزالة صلاحيتك بنفسك. يمكن لمالك آخر فعل ذلك.' },
  staff_last_owner: { en: 'The shop must keep at least one owner: make someone else owner first.', ar: 'يجب أن يبقى للمتجر مالك واحد على الأقل: اجعل شخصاً آخر مالكاً أولاً.' },
  staff_changed_meanwhile: { en: 'This account was changed meanwhile. Please look at the list again.', ar: 'تغيّر هذا الحساب في هذه الأثناء. يُرجى مراجعة القائمة مرة أخرى.' },
  checkout_total_changed: { en: 'The amount to pay changed to {amount} since you saw it. Please check your order and confirm again.', ar: 'تغيّر المبلغ المطلوب إلى {amount} منذ أن اطلعت عليه. يُرجى مراجعة طلبك والتأكيد مرة أخرى.' },
} as const satisfies Record<string, Record<Lang, string>>;

/**
 * Weekdays (0 = Sunday) as a message names a closed one: "We do not deliver
 * on {weekday}", in English "Fridays", in Arabic the day (the message says
 * يوم before it).
 */
export const WEEKDAYS: Record<Lang, readonly string[]> = {
  en: ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'],
  ar: ['الأحد', 'الإثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
};

export type MessageKey = keyof typeof MESSAGES;

/** A back-office role as a message names it: "{email} is now {role}". */
export const ROLE_NAMES: Record<string, Readonly<Record<Lang, string>>> = {
  shopper: { en: 'a shopper', ar: 'متسوق' },
  staff: { en: 'staff', ar: 'موظف' },
  owner: { en: 'owner', ar: 'مالك' },
};

/** An order's status as a message names it (the storefront's words), a param: "This order is "{from}"…". */
export const STATUS_NAMES: Record<string, Readonly<Record<Lang, string>>> = {
  pending: { en: 'Pending', ar: 'قيد الانتظار' },
  confirmed: { en: 'Confirmed', ar: 'تم التأكيد' },
  'on the way': { en: 'On the way', ar: 'في الطريق' },
  'out for delivery': { en: 'Out for delivery', ar: 'خرج للتوصيل' },
  delivered: { en: 'Delivered', ar: 'تم التوصيل' },
  cancelled: { en: 'Cancelled', ar: 'ملغي' },
};
/** A param: a string as it is, a number in the language's digits, or a text in each language. */
export type MessageParams = Record<string, string | number | Readonly<Record<Lang, string>>>;

export const LOCALES: Record<Lang, string> = { en: 'en-EG', ar: 'ar-EG' };
const numberFormats: Record<Lang, Intl.NumberFormat> = { en: new Intl.NumberFormat(LOCALES.en), ar: new Intl.NumberFormat(LOCALES.ar) };
const yearFormats: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(LOCALES.en, { useGrouping: false }),
  ar: new Intl.NumberFormat(LOCALES.ar, { useGrouping: false }),
};
const pluralRules: Record<Lang, Intl.PluralRules> = { en: new Intl.PluralRules(LOCALES.en), ar: new Intl.PluralRules(LOCALES.ar) };

/** A number in the language's digits: `1,000` in English, `١٬٠٠٠` in Arabic. */
export function formatCount(lang: Lang, n: number): string {
  return numberFormats[lang].format(n);
}

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * The params said as a count with its word, by the language's plural forms
 * ({n} is the number in the language's digits). Arabic has a form for one
 * (the word and واحد), two (the dual, as it reads after a preposition:
 * "بعد دقيقتين"), 3 to 10 (the plural), 11 to 99 (the singular, accusative)
 * and 100 up (the singular).
 */
const COUNTED = {
  minutes: {
    en: { one: '{n} minute', other: '{n} minutes' },
    ar: { one: 'دقيقة واحدة', two: 'دقيقتين', few: '{n} دقائق', many: '{n} دقيقة', other: '{n} دقيقة' },
  },
  days: {
    en: { one: '{n} day', other: '{n} days' },
    ar: { one: 'يوم واحد', two: 'يومين', few: '{n} أيام', many: '{n} يوماً', other: '{n} يوم' },
  },
  characters: {
    en: { one: '{n} character', other: '{n} characters' },
    ar: { one: 'حرف واحد', two: 'حرفين', few: '{n} أحرف', many: '{n} حرفاً', other: '{n} حرف' },
  },
  pieces: {
    en: { one: '{n} item', other: '{n} items' },
    ar: { one: 'قطعة واحدة', two: 'قطعتان', few: '{n} قطع', many: '{n} قطعة', other: '{n} قطعة' },
  },
  wrong: {
    en: { one: '{n} line', other: '{n} lines' },
    ar: { one: 'سطر واحد', two: 'سطرين', few: '{n} أسطر', many: '{n} سطراً', other: '{n} سطر' },
  },
  point_count: {
    en: { one: '{n} point', other: '{n} points' },
    ar: { one: 'نقطة واحدة', two: 'نقطتين', few: '{n} نقاط', many: '{n} نقطة', other: '{n} نقطة' },
  },
  items: {
    en: { one: '{n} item', other: '{n} items' },
    ar: { one: 'عنصر واحد', two: 'عنصرين', few: '{n} عناصر', many: '{n} عنصراً', other: '{n} عنصر' },
  },
} satisfies Record<string, Record<Lang, Forms>>;

export type CountedWord = keyof typeof COUNTED;

/** `count` of a COUNTED word, said in `lang`: "7 minutes", "٧ دقائق", "دقيقتين", "١١ دقيقة". */
export function formatCounted(lang: Lang, word: CountedWord, count: number): string {
  const forms: Forms = COUNTED[word][lang];
  return (forms[pluralRules[lang].select(count)] ?? forms.other).replace('{n}', formatCount(lang, count));
}

/** A wait in seconds as whole minutes, rounded up (never "0 minutes"): what a shopper is told to wait. */
export const waitMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * The message `key` in `lang` with its params: a string goes in as it is
 * (a name, a code, an order number), a number in the language's digits, and
 * a number under a COUNTED name with its word.
 */
export function t(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const template: string = MESSAGES[key][lang];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    if (typeof value === 'object') return value[lang];
    if (typeof value !== 'number') return value;
    if (name === 'year') return yearFormats[lang].format(value); // ١٩٩٥, not ١٬٩٩٥
    return Object.hasOwn(COUNTED, name) ? formatCounted(lang, name as CountedWord, value) : formatCount(lang, value);
  });
}

const moneyFormats: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-EG', { style: 'currency', currency: 'EGP' }),
  ar: new Intl.NumberFormat('ar-EG', { style: 'currency', currency: 'EGP' }),
};

const dayFormats: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(LOCALES.en, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ar: new Intl.DateTimeFormat(LOCALES.ar, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** A Cairo calendar day (YYYY-MM-DD) written for the shopper: "1 December 2026", "١ ديسمبر ٢٠٢٦". */
export function formatDay(lang: Lang, day: string): string {
  return dayFormats[lang].format(new Date(`${day}T00:00:00Z`));
}

/** An amount in piastres, written for the shopper. */
export function formatMoney(lang: Lang, piastres: number): string {
  return moneyFormats[lang].format(piastres / 100);
}
