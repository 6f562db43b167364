from orgchart import Directory
from orgchart.render import escalation_path

STAFF = """id,name,title,manager_id
e1,Ana,CEO,
e2,Ben,CTO,e1
e3,Cy,Engineer,e2
e4,Di,Engineer,e2
e5,Ed,Contractor,e9
""".replace("            ", "")


def test_reports():
    assert Directory.from_csv(STAFF).reports_of("e2") == ["Cy", "Di"]


def test_chain_to_the_top():
    assert Directory.from_csv(STAFF).chain_of_command("e3") == ["Ben", "Ana"]


def test_escalation_path():
    assert escalation_path(Directory.from_csv(STAFF), "e4") == "Di -> Ben -> Ana"


def test_chain_stops_at_departed_manager():
    # e9 left the company; the chain simply ends there
    assert Directory.from_csv(STAFF).chain_of_command("e5") == []
