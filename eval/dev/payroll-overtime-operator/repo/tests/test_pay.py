from payroll import regular_hours, weekly_pay


def test_regular_hours_capped():
    assert regular_hours(45) == 40
    assert regular_hours(12) == 12


def test_overtime_pay():
    assert weekly_pay(20.0, [9, 9, 9, 9, 9]) == 40 * 20.0 + 5 * 30.0
