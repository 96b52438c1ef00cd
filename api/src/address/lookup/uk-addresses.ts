/**
 * The offline provider's addresses: real UK places in the Royal Mail format (line 1, optional line 2, post town,
 * postcode), enough to try lookup by postcode or by street without a provider account.
 */
export interface UkAddress {
  line1: string;
  line2: string | null;
  town: string;
  postcode: string;
}

const at = (line1: string, line2: string | null, town: string, postcode: string): UkAddress => ({
  line1,
  line2,
  town,
  postcode,
});

export const UK_ADDRESSES: readonly UkAddress[] = [
  at('12 Marine Parade', null, 'Brighton', 'BN2 1TL'),
  at('14 Marine Parade', null, 'Brighton', 'BN2 1TL'),
  at('15 Marine Parade', null, 'Brighton', 'BN2 1TL'),
  at('Flat 1', '16 Marine Parade', 'Brighton', 'BN2 1TL'),
  at('Flat 2', '16 Marine Parade', 'Brighton', 'BN2 1TL'),
  at('1 Sussex Square', null, 'Brighton', 'BN2 1FJ'),
  at('Flat 3', '21 Sussex Square', 'Brighton', 'BN2 1FJ'),
  at('2 Lewes Crescent', null, 'Brighton', 'BN2 1FH'),
  at('Royal Pavilion', '4-5 Pavilion Buildings', 'Brighton', 'BN1 1EE'),
  at('Theatre Royal', 'New Road', 'Brighton', 'BN1 1SD'),
  at('The Old Fish Market', 'Kings Road Arches', 'Brighton', 'BN1 1NB'),
  at('10 Downing Street', null, 'London', 'SW1A 2AA'),
  at('Buckingham Palace', null, 'London', 'SW1A 1AA'),
  at('Broadcasting House', 'Portland Place', 'London', 'W1A 1AA'),
  at('Bank of England', 'Threadneedle Street', 'London', 'EC2R 8AH'),
  at('The National Gallery', 'Trafalgar Square', 'London', 'WC2N 5DN'),
  at('Tate Modern', 'Bankside', 'London', 'SE1 9TG'),
  at('Lumen Studio', '12 Hoxton Square', 'London', 'N1 6NU'),
  at('10 Hoxton Square', null, 'London', 'N1 6NU'),
  at('14 Hoxton Square', null, 'London', 'N1 6NU'),
  at('Flat 4', '14 Hoxton Square', 'London', 'N1 6NU'),
  at('Edinburgh Castle', 'Castlehill', 'Edinburgh', 'EH1 2NG'),
  at('Palace of Holyroodhouse', 'Canongate', 'Edinburgh', 'EH8 8DX'),
  at('Cardiff Castle', 'Castle Street', 'Cardiff', 'CF10 3RB'),
  at('City Chambers', 'George Square', 'Glasgow', 'G2 1DU'),
  at('Town Hall', 'Albert Square', 'Manchester', 'M60 2LA'),
  at('Library of Birmingham', 'Centenary Square', 'Birmingham', 'B1 2ND'),
  at('Bodleian Library', 'Broad Street', 'Oxford', 'OX1 3BG'),
  at("King's College", "King's Parade", 'Cambridge', 'CB2 1ST'),
  at('York Minster', 'Deangate', 'York', 'YO1 7HH'),
  at('The Roman Baths', 'Stall Street', 'Bath', 'BA1 1LZ'),
  at('City Hall', 'Donegall Square North', 'Belfast', 'BT1 5GS'),
  at('Royal Liver Building', 'Pier Head', 'Liverpool', 'L3 1HU'),
  at('1 Acacia Avenue', null, 'Reading', 'RG1 1AA'),
  at('2 Acacia Avenue', null, 'Reading', 'RG1 1AA'),
  at('3 Acacia Avenue', null, 'Reading', 'RG1 1AA'),
];
