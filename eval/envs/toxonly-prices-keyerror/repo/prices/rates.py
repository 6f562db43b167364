RATES = {"EUR": 1.0, "USD": 1.08, "GBP": 0.86}


def fetch_rates(source=None):
    if source is None:
        return dict(RATES)
    return source()


def convert(amount, currency, rates=None):
    rates = rates or fetch_rates()
    return round(amount * rates[currency], 2)
