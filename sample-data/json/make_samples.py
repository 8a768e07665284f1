#!/usr/bin/env python3
"""Writes the JSON samples of the JSON unescape scenario (ruby/json PR #1135) with Python's own json module.

reviews_ensure_ascii.json: json.dumps(ensure_ascii=True), Python's default: every non-ASCII
character becomes a \\uXXXX escape (astral characters a surrogate pair).
reviews_utf8.json: the same data with ensure_ascii=False (UTF-8, escapes only for quotes,
backslashes and control characters).
The reviews are invented for this project; run `python3 make_samples.py` to rebuild them.
"""
import json

REVIEWS = [
    ("fr", 5, "Très bon rapport qualité/prix", "Livré en deux jours, emballage soigné. Le café a un arôme délicieux, légèrement chocolaté.\nJe recommande à tous les amateurs."),
    ("fr", 3, "Correct, sans plus", "La crème est agréable mais l'odeur « vanillée » est trop présente à mon goût. Déçu par la contenance."),
    ("fr", 4, "Château de sable géant", "Mes enfants ont adoré ce kit : pelle, râteau et moules. Un été réussi à la plage !"),
    ("de", 5, "Hervorragende Qualität", "Die Jacke ist wärmer als erwartet und übersteht auch starken Regen. Größe fällt normal aus."),
    ("de", 2, "Enttäuschend", "Nach zwei Wochen löste sich die Sohle. Der Kundendienst war freundlich, aber die Rückgabe dauerte über einen Monat."),
    ("es", 4, "Muy útil en la cocina", "La sartén calienta rápido y nada se pega. El mango se calienta un poco, ¡cuidado!"),
    ("es", 5, "Perfecto para el niño", "Mi hijo de cuatro años juega con él todos los días. Piezas grandes y seguras, colores vivos."),
    ("pt", 4, "Ótimo custo-benefício", "O relógio é bonito e a bateria dura uma semana. Só a pulseira é um pouco rígida no começo."),
    ("ru", 5, "Отличный чайник", "Кипятит быстро, не шумит, пластиком не пахнет. Пользуемся уже полгода — всё работает."),
    ("ru", 3, "Нормально", "Наушники звучат неплохо, но через час начинают давить на уши. За такую цену — сойдёт."),
    ("el", 4, "Πολύ καλό", "Το προϊόν έφτασε γρήγορα και ήταν καλά συσκευασμένο. Η ποιότητα είναι εξαιρετική για την τιμή του."),
    ("ja", 5, "とても満足", "梱包が丁寧で、翌日に届きました。音質も良く、通勤中に毎日使っています。"),
    ("ja", 2, "期待はずれ", "説明書が分かりにくく、設定に一時間かかりました。サポートの対応は良かったです。"),
    ("zh", 4, "物美价廉", "质量不错，颜色和图片一样。物流很快，下次还会再买。"),
    ("en", 5, "Works as described", "Setup took five minutes. The \"quick start\" card was actually quick.\nBattery lasts all week."),
    ("en", 1, "Broke after a week", "The hinge cracked on day 8. Returned it; refund arrived promptly though."),
    ("en", 4, "Great gift", "Bought it for my nephew's birthday 🎂 and he loved it 😀. Slightly smaller than the photos suggest."),
    ("fr", 5, "Parfait pour l'hiver", "Pull très doux, ne gratte pas. Lavé à 30° sans problème ; les couleurs n'ont pas bougé."),
    ("de", 4, "Schönes Geschirr", "Die Teller sind spülmaschinenfest und sehen edel aus. Eine Tasse kam leider mit einem Sprung an."),
    ("es", 3, "Cumple", "Funciona bien, aunque el cable es corto. La aplicación está sólo en inglés."),
]


def records():
    for i, (lang, rating, title, body) in enumerate(REVIEWS, start=1):
        yield {"id": i, "lang": lang, "rating": rating, "title": title, "body": body,
               "helpful_votes": (i * 7) % 23, "verified": i % 3 != 0}


def main():
    data = {"source": "slotlab sample reviews (invented)", "reviews": list(records())}
    with open("reviews_ensure_ascii.json", "w", encoding="ascii") as f:
        f.write(json.dumps(data, ensure_ascii=True, indent=1))
        f.write("\n")
    with open("reviews_utf8.json", "w", encoding="utf-8") as f:
        f.write(json.dumps(data, ensure_ascii=False, indent=1))
        f.write("\n")


if __name__ == "__main__":
    main()
